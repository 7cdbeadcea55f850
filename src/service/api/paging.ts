/**
 * Cursor paging of a list the service returns whole, in a stable order of unique ids: the page
 * after the cursor's id, and `next` (an opaque cursor) while more follow. The cursor names an id,
 * not a position, so a person added before it does not shift the next page.
 */
import { ServiceError } from '../service-error.js';

export interface Page<T> {
  items: T[];
  next?: string;
}

const encode = (id: string) => Buffer.from(id, 'utf8').toString('base64url');
const decode = (cursor: string) => Buffer.from(cursor, 'base64url').toString('utf8');

export function pageAfter<T>(items: readonly T[], input: { idOf: (item: T) => string; limit: number; cursor?: string }): Page<T> {
  let start = 0;
  if (input.cursor !== undefined) {
    const after = decode(input.cursor);
    const at = items.findIndex((item) => input.idOf(item) === after);
    if (at < 0) throw new ServiceError('INVALID_INPUT', 'cursor is not the `next` of a page of this list', { hint: 'start again without a cursor' });
    start = at + 1;
  }
  const page = items.slice(start, start + input.limit);
  const last = page.at(-1);
  return start + input.limit < items.length && last !== undefined ? { items: page, next: encode(input.idOf(last)) } : { items: page };
}
