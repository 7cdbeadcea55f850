/**
 * `scim`: startIndex/count (RFC 7644 section 3.4.2.4). Tolerates what real servers do: a count
 * capped below the one requested (the next startIndex follows the records actually received,
 * not itemsPerPage, which some servers echo from the request), missing Resources, and the first
 * page served again past the end. A repeated page is never counted twice: it ends the import
 * when totalResults is reached or unknown, and fails it when records are still missing.
 */
import type { ScimPagination } from '../../../generated/spec-types.js';
import { fetchAndEvaluate, paginationError, readNumber, samePage, tooManyPages, type EvaluatedPage, type PagingContext } from './paging-context.js';
import { planned } from '../plan.js';

export async function* paginateScim(ctx: PagingContext, spec: ScimPagination): AsyncGenerator<EvaluatedPage> {
  const count = planned(spec.count, 'pagination.count');
  const maxPages = planned(spec.maxPages, 'pagination.maxPages');
  const request = (startIndex: number): Promise<EvaluatedPage> =>
    fetchAndEvaluate(ctx, {
      query: [
        ['startIndex', String(startIndex)],
        ['count', String(count)],
      ],
    });
  let startIndex = 1;
  let received = 0;
  let first: EvaluatedPage | undefined;
  let previous: EvaluatedPage | undefined;
  let next = request(startIndex);
  for (let pages = 1; ; pages += 1) {
    const page = await next;
    const total = readNumber(page, 'totalResults');
    const size = page.records.length;
    const repeated = size > 0 && (samePage(first, page) || samePage(previous, page));
    if (size === 0 || repeated) {
      if (total !== undefined && received < total) {
        const what = repeated ? 'served a page already read' : 'returned no Resources';
        throw paginationError(
          ctx,
          `the server ${what} at startIndex ${startIndex} after ${received} of ${total} users`,
          'The SCIM server stopped paging before totalResults; the import fails rather than return a partial list.',
        );
      }
      return;
    }
    first ??= page;
    previous = page;
    received += size;
    startIndex += size;
    const finished = total !== undefined && received >= total;
    if (!finished) {
      if (pages >= maxPages) throw tooManyPages(ctx, maxPages);
      next = request(startIndex);
    }
    yield page;
    if (finished) return;
  }
}
