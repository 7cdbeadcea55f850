/**
 * `cursor`: a cursor read from the body (jq) and sent back as a query parameter. The next page
 * is requested as soon as the cursor is known, before the current page is consumed. Stops when
 * the cursor is null, empty or absent, or on an empty page; fails when a cursor repeats.
 */
import type { CursorPagination } from '../../../generated/spec-types.js';
import {
  fetchAndEvaluate,
  paginationError,
  readExtra,
  tooManyPages,
  type EvaluatedPage,
  type PagingContext,
} from './paging-context.js';

export async function* paginateCursor(ctx: PagingContext, spec: CursorPagination): AsyncGenerator<EvaluatedPage> {
  const { param, sizeParam, size, maxPages = 10_000 } = spec;
  const request = (cursor: string | undefined): Promise<EvaluatedPage> => {
    const query: Array<readonly [string, string]> = [];
    if (sizeParam !== undefined && size !== undefined) query.push([sizeParam, String(size)]);
    if (cursor !== undefined) query.push([param, cursor]);
    return fetchAndEvaluate(ctx, { query });
  };
  const seen = new Set<string>();
  let next = request(undefined);
  for (let pages = 1; ; pages += 1) {
    const page = await next;
    if (page.records.length === 0) return;
    const raw = readExtra(page, 'cursor');
    const cursor = raw === undefined || raw === null || raw === '' ? undefined : typeof raw === 'string' ? raw : JSON.stringify(raw);
    if (cursor !== undefined) {
      if (seen.has(cursor)) {
        throw paginationError(ctx, `the cursor repeated after ${pages} pages`, 'Check the cursor expression; it must give the next page\'s cursor.');
      }
      seen.add(cursor);
      if (pages >= maxPages) throw tooManyPages(ctx, maxPages);
      next = request(cursor);
    }
    yield page;
    if (cursor === undefined) return;
  }
}
