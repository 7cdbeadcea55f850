/**
 * HTTP Basic (RFC 7617 §2): `Authorization: Basic base64(username ":" password)`, the pair encoded
 * as UTF-8 (the `charset="UTF-8"` of §2.1, which every current server assumes).
 */
import type { BasicAuth } from '../../../generated/spec-types.js';
import type { AuthContext, AuthProvider } from './auth-provider.js';
import { readRequiredInput, setHeader } from './credential-inputs.js';
import { ConnectorError } from '../errors.js';

/** `Basic <base64>` for a user name and password. */
export function encodeBasicCredentials(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

export function createBasicAuth(auth: BasicAuth, context: AuthContext): AuthProvider {
  const usernameInput = auth.username ?? 'username';
  const passwordInput = auth.password ?? 'password';
  const username = readRequiredInput({ inputs: context.inputs, name: usernameInput, authType: 'basic' }) + (auth.usernameSuffix ?? '');
  const password = readRequiredInput({ inputs: context.inputs, name: passwordInput, authType: 'basic' });
  // RFC 7617 §2: the user-id cannot contain a colon; the server would split the pair at it.
  if (username.includes(':')) {
    throw new ConnectorError('CONFIG', `basic auth: the input \`${usernameInput}\` contains a colon, which Basic auth cannot carry.`, {
      action: 'auth',
      hint: 'Check the user name; a colon is only allowed in the password.',
    });
  }
  const value = encodeBasicCredentials(username, password);
  context.registerSecret(password);
  // The encoded pair is what appears in a printed request, so it is a secret of its own.
  context.registerSecret(value.slice('Basic '.length));
  return {
    authorize: async (request) => setHeader(request.headers, 'Authorization', value),
    refreshAfterUnauthorized: async () => false,
  };
}
