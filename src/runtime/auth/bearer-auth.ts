/**
 * Bearer token (RFC 6750 §2.1): `Authorization: Bearer <token>` by default; the header name and
 * the prefix are configurable for applications with a non-standard form (`X-Api-Token: <token>`).
 * The input and the header come from the type's descriptor (src/auth-types/bearer.ts).
 */
import { AUTH_DEFAULTS, type BearerAuth } from '../../../generated/spec-types.js';
import { describeBearerAuth } from '../../auth-types/index.js';
import type { AuthContext, AuthProvider } from './auth-provider.js';
import { assertHeaderSafe, readAuthInputs, registerInputSecrets, setHeader } from './credential-inputs.js';

export function createBearerAuth(auth: BearerAuth, context: AuthContext): AuthProvider {
  const descriptor = describeBearerAuth(auth);
  const values = readAuthInputs(descriptor, context.inputs);
  for (const input of descriptor.inputs) assertHeaderSafe(values[input.role], { name: input.name, authType: descriptor.label });
  registerInputSecrets({ descriptor, values, registerSecret: (secret) => context.registerSecret(secret) });
  const value = `${auth.prefix ?? AUTH_DEFAULTS.bearer.prefix}${values.token}`;
  return {
    authorize: async (request) => setHeader(request.headers, descriptor.credential.name, value),
    // A static token stays the same on a second try.
    refreshAfterUnauthorized: async () => false,
  };
}
