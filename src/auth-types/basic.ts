/** HTTP Basic (RFC 7617): a user name and a secret password, as one base64 pair in `Authorization`. */
import { AUTH_DEFAULTS } from '../../generated/spec-types.js';
import { fieldOr, pointerOf, type HeaderAuthDescriptor, type AuthFields } from './auth-descriptor.js';

export function describeBasicAuth(auth: AuthFields): HeaderAuthDescriptor<'username' | 'password', never> {
  const defaults = AUTH_DEFAULTS.basic;
  return {
    type: 'basic',
    label: 'basic',
    inputs: [
      {
        role: 'username',
        name: fieldOr(auth, 'username', defaults.username),
        secret: false,
        need: 'required',
        sentIn: 'header',
        pointer: pointerOf(auth, 'username'),
        why: 'basic auth sends it as the user name',
      },
      {
        role: 'password',
        name: fieldOr(auth, 'password', defaults.password),
        secret: true,
        need: 'required',
        sentIn: 'header',
        pointer: pointerOf(auth, 'password'),
        why: 'basic auth sends it as the password',
      },
    ],
    credential: { in: 'header', name: 'Authorization' },
    // The pair is what a printed request shows, and it holds the password.
    redaction: { queryEncodings: false, basicPair: 'target', obtainedTokens: false },
  };
}
