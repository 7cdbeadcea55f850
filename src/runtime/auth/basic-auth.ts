/**
 * HTTP Basic (RFC 7617 §2): `Authorization: Basic base64(username ":" password)`, the pair encoded
 * as UTF-8 (the `charset="UTF-8"` of §2.1, which every current server assumes). The inputs come
 * from the type's descriptor (src/auth-types/basic.ts).
 */
import type { BasicAuth } from '../../../generated/spec-types.js';
import { describeBasicAuth } from '../../auth-types/index.js';
import type { AuthContext, AuthProvider } from './auth-provider.js';
import { readAuthInputs, registerInputSecrets, setHeader } from './credential-inputs.js';
import { ConnectorError } from '../errors.js';

/** `Basic <base64>` for a user name and password. */
export function encodeBasicCredentials(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

export function createBasicAuth(auth: BasicAuth, context: AuthContext): AuthProvider {
  const descriptor = describeBasicAuth(auth);
  const values = readAuthInputs(descriptor, context.inputs);
  const username = values.username + (auth.usernameSuffix ?? '');
  // RFC 7617 §2: the user-id cannot contain a colon; the server would split the pair at it.
  if (username.includes(':')) {
    const input = descriptor.inputs.find((candidate) => candidate.role === 'username')?.name;
    throw new ConnectorError('CONFIG', `basic auth: the input \`${input}\` contains a colon, which Basic auth cannot carry.`, {
      action: 'auth',
      hint: 'Check the user name; a colon is only allowed in the password.',
    });
  }
  const value = encodeBasicCredentials(username, values.password);
  registerInputSecrets({ descriptor, values, registerSecret: (secret) => context.registerSecret(secret) });
  // The encoded pair is what appears in a printed request, so it is a secret of its own.
  if (descriptor.redaction.basicPair === 'target') context.registerSecret(value.slice('Basic '.length));
  return {
    authorize: async (request) => setHeader(request.headers, descriptor.credential.name, value),
    refreshAfterUnauthorized: async () => false,
  };
}
