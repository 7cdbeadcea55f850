/**
 * `cursor`: a cursor read from the body (jq) and sent back as a query parameter. The next page
 * is requested as soon as the cursor is known, before the current page is consumed. Stops when
 * the cursor is null, empty or absent, or on an empty page; fails when a cursor repeats.
 *
 * A cursor whose key does not exist in the body at all is most often a typo in the expression,
 * not the last page: on a full page (as many records as `size`) that fails the import; on the
 * first page of an import whose page size is unknown it is a warning in the summary.
 */
import type { CursorPagination } from '../../../generated/spec-types.js';
import { CURSOR_FOUND, fetchAndEvaluate, paginationError, readExtra, tooManyPages, type EvaluatedPage, type PagingContext } from './paging-context.js';
import { planned } from '../plan.js';

export async function* paginateCursor(ctx: PagingContext, spec: CursorPagination): AsyncGenerator<EvaluatedPage> {
  const { param, sizeParam, size } = spec;
  const maxPages = planned(spec.maxPages, 'pagination.maxPages');
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
    if (cursor === undefined) checkCursorKey({ ctx, spec, page, pages });
    if (cursor !== undefined) {
      if (seen.has(cursor)) {
        throw paginationError(ctx, `the cursor repeated after ${pages} pages`, "Check the cursor expression; it must give the next page's cursor.");
      }
      seen.add(cursor);
      if (pages >= maxPages) throw tooManyPages(ctx, maxPages);
      next = request(cursor);
    }
    yield page;
    if (cursor === undefined) return;
  }
}

function checkCursorKey(input: { ctx: PagingContext; spec: CursorPagination; page: EvaluatedPage; pages: number }): void {
  const { ctx, spec, page, pages } = input;
  if (readExtra(page, CURSOR_FOUND) !== false) return;
  const expression = `\`${spec.cursor.trim()}\``;
  if (spec.size !== undefined && page.records.length >= spec.size) {
    throw paginationError(
      ctx,
      `the cursor expression ${expression} names a key that is not in the response, on a full page of ${page.records.length} records; the response is ${page.shape()}`,
      'Check pagination.cursor for a typo: a full page without a next cursor would end the import early.',
    );
  }
  if (pages === 1) {
    ctx.warn(
      `pagination: the cursor expression ${expression} names a key that is not in the response (${page.shape()}); if the target has more pages, check it for a typo`,
    );
  }
}
