/**
 * `offset`: offset/limit query parameters. The next request is predictable, so page N+1 is
 * fetched while page N is mapped and consumed; once the total is known, up to `concurrency`
 * pages are in flight, yielded in order. Stops when `more` is false, the total is reached, or on
 * a short or empty page. Fails (never a silent partial list) on maxPages, a page that repeats
 * the previous one, an account larger than `maxOffset` lets offset paging reach, or a list that
 * ends before the `total` the target itself stated.
 */
import type { OffsetPagination } from '../../../generated/spec-types.js';
import { fetchAndEvaluate, paginationError, readExtra, readNumber, samePage, tooManyPages, type EvaluatedPage, type PagingContext } from './paging-context.js';
import { planned } from '../plan.js';

export async function* paginateOffset(ctx: PagingContext, spec: OffsetPagination): AsyncGenerator<EvaluatedPage> {
  const { limit, maxOffset } = spec;
  const offsetParam = planned(spec.offsetParam, 'pagination.offsetParam');
  const limitParam = planned(spec.limitParam, 'pagination.limitParam');
  const maxPages = planned(spec.maxPages, 'pagination.maxPages');
  const concurrency = planned(spec.concurrency, 'pagination.concurrency');
  const queue: Array<{ offset: number; page: Promise<EvaluatedPage> }> = [];
  let nextOffset = 0;
  let total: number | undefined;
  let previous: EvaluatedPage | undefined;

  const mayLaunch = (offset: number): boolean =>
    (total === undefined || offset < total) && (maxOffset === undefined || offset + limit <= maxOffset) && offset / limit < maxPages;
  const fill = (): void => {
    // Unknown total: one page ahead (prefetch). Known total: `concurrency` pages ahead.
    const depth = total === undefined ? 2 : concurrency + 1;
    while (queue.length < depth && mayLaunch(nextOffset)) {
      const query = [
        [offsetParam, String(nextOffset)],
        [limitParam, String(limit)],
      ] as const;
      queue.push({ offset: nextOffset, page: fetchAndEvaluate(ctx, { query }) });
      nextOffset += limit;
    }
  };

  fill();
  for (let pages = 1; ; pages += 1) {
    const current = queue.shift();
    // Every stop is decided below, so an empty queue means a limit stopped the next request.
    if (!current) throw paginationError(ctx, `cannot request offset ${nextOffset}`, 'Check limit, maxOffset and maxPages.');
    const page = await current.page;
    const count = page.records.length;
    if (count === 0) {
      checkTotalReached({ ctx, total, received: current.offset });
      return;
    }
    if (samePage(previous, page)) {
      throw paginationError(
        ctx,
        `the page at offset ${current.offset} repeats the previous page`,
        `Check that the target honours the "${offsetParam}" parameter.`,
      );
    }
    previous = page;
    total ??= readNumber(page, 'total');
    const more = readExtra(page, 'more');
    const end = current.offset + count;
    const finished = more === false || (total !== undefined && end >= total) || count < limit;
    if (!finished) {
      if (pages >= maxPages) throw tooManyPages(ctx, maxPages);
      if (maxOffset !== undefined && end + limit > maxOffset) {
        throw paginationError(
          ctx,
          `the account has more than ${maxOffset} users, more than offset paging can reach (maxOffset ${maxOffset})`,
          'Use another pagination style or a filter; the import fails rather than return a partial list.',
        );
      }
    }
    if (finished) {
      checkTotalReached({ ctx, total, received: end });
      yield page;
      return;
    }
    fill();
    yield page;
  }
}

/** The target said how many there are: ending with fewer is a partial list, never a success. */
function checkTotalReached(input: { ctx: PagingContext; total: number | undefined; received: number }): void {
  const { ctx, total, received } = input;
  if (total === undefined || received >= total) return;
  throw paginationError(
    ctx,
    `the target stopped after ${received} of the ${total} records its total states`,
    'The target ended the list early (a short or empty page before the total); the import fails rather than return a partial list.',
  );
}
