/**
 * Custom API key: one secret input, put into a header or a query parameter through a value
 * template in which `{{ .Key }}` (Go template spelling, any whitespace inside the braces) stands for it.
 */
import { AUTH_DEFAULTS } from '../../generated/spec-types.js';
import { fieldOf, fieldOr, pointerOf, type AuthDescriptor, type AuthFields } from './auth-descriptor.js';

/** The key's placeholder in `auth.value`; the validator and the runtime both test templates with it. */
export const API_KEY_PLACEHOLDER = /\{\{\s*\.Key\s*\}\}/u;

export function describeApiKeyAuth(auth: AuthFields): AuthDescriptor<'key', never> {
  const sentIn = fieldOf(auth, 'in') === 'query' ? 'query' : 'header';
  const name = fieldOr(auth, 'name', '');
  return {
    type: 'apiKey',
    label: 'apiKey',
    inputs: [
      {
        role: 'key',
        name: fieldOr(auth, 'key', AUTH_DEFAULTS.apiKey.key),
        secret: true,
        need: 'required',
        sentIn,
        pointer: pointerOf(auth, 'key'),
        why: 'apiKey auth sends it as the key',
      },
    ],
    credential: { in: sentIn, name },
    // In a query string the key is printed URL-encoded.
    redaction: { queryEncodings: sentIn === 'query', basicPair: 'none', obtainedTokens: false },
  };
}
