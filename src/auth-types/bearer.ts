/** Bearer token (RFC 6750 §2.1): one secret input sent in a header, `Authorization` by default. */
import { AUTH_DEFAULTS } from '../../generated/spec-types.js';
import { fieldOr, pointerOf, type HeaderAuthDescriptor, type AuthFields } from './auth-descriptor.js';

export function describeBearerAuth(auth: AuthFields): HeaderAuthDescriptor<'token', never> {
  const defaults = AUTH_DEFAULTS.bearer;
  return {
    type: 'bearer',
    label: 'bearer',
    inputs: [
      {
        role: 'token',
        name: fieldOr(auth, 'token', defaults.token),
        secret: true,
        need: 'required',
        sentIn: 'header',
        pointer: pointerOf(auth, 'token'),
        why: 'bearer auth sends it as the token',
      },
    ],
    credential: { in: 'header', name: fieldOr(auth, 'header', defaults.header) },
    redaction: { queryEncodings: false, basicPair: 'none', obtainedTokens: false },
  };
}
