/**
 * `page`: page number (and page size) query parameters. Page N+1 is fetched while page N is
 * mapped. Stops when `more` is false, after `totalPages`, or on a short or empty page; fails on
 * maxPages or when a page repeats the previous one (a target that ignores the page parameter).
 */
import type { PagePagination } from '../../../generated/spec-types.js';
import { fetchAndEvaluate, paginationError, readExtra, readNumber, samePage, tooManyPages, type EvaluatedPage, type PagingContext } from './paging-context.js';
import { planned } from '../plan.js';

export async function* paginatePage(ctx: PagingContext, spec: PagePagination): AsyncGenerator<EvaluatedPage> {
  const { sizeParam, size } = spec;
  const pageParam = planned(spec.pageParam, 'pagination.pageParam');
  const firstPage = planned(spec.firstPage, 'pagination.firstPage');
  const maxPages = planned(spec.maxPages, 'pagination.maxPages');
  const request = (number: number): Promise<EvaluatedPage> => {
    const query: Array<readonly [string, string]> = [[pageParam, String(number)]];
    if (sizeParam !== undefined && size !== undefined) query.push([sizeParam, String(size)]);
    return fetchAndEvaluate(ctx, { query });
  };
  let previous: EvaluatedPage | undefined;
  let next = request(firstPage);
  for (let pages = 1; ; pages += 1) {
    const number = firstPage + pages - 1;
    const page = await next;
    const count = page.records.length;
    if (count === 0) return;
    if (samePage(previous, page)) {
      throw paginationError(ctx, `page ${number} repeats the previous page`, `Check that the target honours the "${pageParam}" parameter.`);
    }
    previous = page;
    const totalPages = readNumber(page, 'totalPages');
    const finished = readExtra(page, 'more') === false || (totalPages !== undefined && pages >= totalPages) || (size !== undefined && count < size);
    if (!finished) {
      if (pages >= maxPages) throw tooManyPages(ctx, maxPages);
      next = request(number + 1);
    }
    yield page;
    if (finished) return;
  }
}
