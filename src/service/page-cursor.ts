/**
 * The one cursor style of every list the service pages: a page is the rows after the cursor's sort
 * key, read with `LIMIT` in the store module that owns the table, and `next` (an opaque cursor: the
 * last row's sort key, base64url JSON) while more follow. The cursor names a key, not a position, so
 * a row added before it does not shift the next page; a cursor that is not a `next` is refused.
 */
import { ServiceError } from './service-error.js';

/** Page sizes of every list the API pages: the default and the most one page may hold. */
export const PAGE_LIMITS = { default: 100, max: 1000 } as const;

export interface PageInput {
  limit?: number;
  cursor?: string;
}

export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** A part of a sort key: any text, or a whole number (an id, or a time in microseconds since the epoch) written in digits. */
export type KeyPart = 'text' | 'integer';

const fits = (part: unknown, kind: KeyPart) => typeof part === 'string' && (kind === 'text' ? part.length <= 500 : /^-?[0-9]{1,18}$/.test(part));

/** The sort key a cursor names, one string per part of `shape`, or refused (400 VALIDATION_FAILED over the API). */
export function decodeCursor(cursor: string | undefined, shape: readonly KeyPart[]): string[] | undefined {
  if (cursor === undefined) return undefined;
  try {
    const key = typeof cursor === 'string' && cursor.length <= 2000 ? (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown) : undefined;
    if (Array.isArray(key) && key.length === shape.length && key.every((part, index) => fits(part, shape[index]!))) return key as string[];
  } catch {
    // falls through to the refusal
  }
  throw new ServiceError('INVALID_INPUT', 'cursor is not the `next` of a page of this list', {
    hint: 'pass the `next` of the previous page unchanged, or start again without a cursor',
  });
}

/** The page size asked for, or `limits.default`; refused outside 1 to `limits.max`. */
export function pageSize(limit: number | undefined, limits: { default: number; max: number }): number {
  if (limit === undefined) return limits.default;
  if (!Number.isInteger(limit) || limit < 1 || limit > limits.max)
    throw new ServiceError('INVALID_INPUT', `limit must be a whole number from 1 to ${limits.max}`, { hint: `leave it out for ${limits.default}` });
  return limit;
}

/** Rows read with `LIMIT limit + 1`: the page, and `next` when the extra row shows more follow. */
export function pageOf<T>(rows: readonly T[], limit: number, keyOf: (row: T) => readonly (string | number)[]): { items: T[]; next?: string } {
  const items = rows.slice(0, limit);
  return rows.length > limit ? { items, next: encodeCursor(keyOf(items.at(-1)!)) } : { items };
}
