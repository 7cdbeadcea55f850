/**
 * Custom API key: one secret input, put into a header or a query parameter through a value
 * template in which `{{ .Key }}` (Go template spelling, any whitespace inside the braces) stands for it,
 * and optionally more keys, each sent as it is in a header of its own (`additionalHeaders`: Datadog
 * takes an API key and an application key on every request).
 */
import { AUTH_DEFAULTS } from '../../generated/spec-types.js';
import { fieldOf, fieldOr, pointerOf, type AuthDescriptor, type AuthFields } from './auth-descriptor.js';

/** The key's placeholder in `auth.value`; the validator and the runtime both test templates with it. */
export const API_KEY_PLACEHOLDER = /\{\{\s*\.Key\s*\}\}/u;

/** The role of an additional key's input: the header it goes in. */
export type AdditionalKeyRole = `header:${string}`;

/** The additional header keys of an apiKey auth block, read defensively (the validator sees it before the schema has checked it). */
export function additionalKeyHeaders(auth: AuthFields): Array<{ name: string; key: string; index: number }> {
  const listed = fieldOf(auth, 'additionalHeaders');
  if (!Array.isArray(listed)) return [];
  return listed.flatMap((entry: unknown, index) => {
    const { name, key } = (entry ?? {}) as { name?: unknown; key?: unknown };
    return typeof name === 'string' && typeof key === 'string' ? [{ name, key, index }] : [];
  });
}

export function describeApiKeyAuth(auth: AuthFields): AuthDescriptor<'key' | AdditionalKeyRole, never> {
  const sentIn = fieldOf(auth, 'in') === 'query' ? 'query' : 'header';
  const name = fieldOr(auth, 'name', '');
  const additional = additionalKeyHeaders(auth);
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
      ...additional.map((header) => ({
        role: `header:${header.name}` as const,
        name: header.key,
        secret: true,
        need: 'required' as const,
        sentIn: 'header' as const,
        pointer: `/auth/additionalHeaders/${header.index}/key`,
        why: `apiKey auth sends it in the header ${header.name}`,
      })),
    ],
    credential: { in: sentIn, name, ...(additional.length > 0 ? { alsoHeaders: additional.map((header) => header.name) } : {}) },
    // In a query string the key is printed URL-encoded.
    redaction: { queryEncodings: sentIn === 'query', basicPair: 'none', obtainedTokens: false },
  };
}
