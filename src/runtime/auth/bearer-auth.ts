/**
 * Bearer token (RFC 6750 §2.1): `Authorization: Bearer <token>` by default; the header name and
 * the prefix are configurable for applications with a non-standard form (`X-Api-Token: <token>`).
 */
import type { BearerAuth } from '../../../generated/spec-types.js';
import type { AuthContext, AuthProvider } from './auth-provider.js';
import { assertHeaderSafe, readRequiredInput, setHeader } from './credential-inputs.js';

export function createBearerAuth(auth: BearerAuth, context: AuthContext): AuthProvider {
  const inputName = auth.token ?? 'token';
  const header = auth.header ?? 'Authorization';
  const token = readRequiredInput({ inputs: context.inputs, name: inputName, authType: 'bearer' });
  assertHeaderSafe(token, { name: inputName, authType: 'bearer' });
  context.registerSecret(token);
  const value = `${auth.prefix ?? 'Bearer '}${token}`;
  return {
    authorize: async (request) => setHeader(request.headers, header, value),
    // A static token stays the same on a second try.
    refreshAfterUnauthorized: async () => false,
  };
}
