/**
 * `nextUrl`: the next page's URL read from the body by jq (Zendesk `links.next`, Microsoft Graph
 * `@odata.nextLink`), absolute or relative to the page just read. Like `link`, the URL must stay
 * on the base origin and path, so credentials are never sent elsewhere. The next request starts
 * once the current page is mapped (the URL comes out of the same jq run). Stops when the
 * expression gives null, "" or nothing, or on an empty page; fails when a URL repeats.
 */
import type { NextUrlPagination } from '../../../generated/spec-types.js';
import { isUnderBase } from '../http/join-url.js';
import { fetchAndEvaluate, paginationError, readExtra, tooManyPages, type EvaluatedPage, type PagingContext } from './paging-context.js';
import { planned } from '../plan.js';
import { NEXT_URL } from '../../plan/paging-expressions.js';

export async function* paginateNextUrl(ctx: PagingContext, spec: NextUrlPagination): AsyncGenerator<EvaluatedPage> {
  const { sizeParam, size } = spec;
  const maxPages = planned(spec.maxPages, 'pagination.maxPages');
  const first: Array<readonly [string, string]> = sizeParam !== undefined && size !== undefined ? [[sizeParam, String(size)]] : [];
  const seen = new Set<string>();
  let next = fetchAndEvaluate(ctx, { query: first });
  for (let pages = 1; ; pages += 1) {
    const page = await next;
    if (page.records.length === 0) return;
    seen.add(page.url.href);
    const url = readNextUrl(ctx, page);
    if (url) {
      if (!isUnderBase(url, ctx.baseUrl)) {
        throw paginationError(
          ctx,
          `the next page URL points outside the base URL (${url.origin}${url.pathname})`,
          'Next page URLs are only followed on the base URL, so credentials never leave it.',
        );
      }
      if (seen.has(url.href)) {
        throw paginationError(
          ctx,
          `the next page URL repeated after ${pages} pages`,
          'Check pagination.next; the target keeps pointing at a page already read.',
        );
      }
      if (pages >= maxPages) throw tooManyPages(ctx, maxPages);
      next = fetchAndEvaluate(ctx, { url });
    }
    yield page;
    if (!url) return;
  }
}

function readNextUrl(ctx: PagingContext, page: EvaluatedPage): URL | undefined {
  const raw = readExtra(page, NEXT_URL);
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') {
    throw paginationError(
      ctx,
      `pagination.next gave ${JSON.stringify(raw).slice(0, 80)}, not a URL`,
      "The expression must give the next page's URL as a string, or null on the last page.",
    );
  }
  try {
    return new URL(raw, page.url);
  } catch {
    throw paginationError(
      ctx,
      `pagination.next gave "${raw.slice(0, 80)}", which is not a URL`,
      "The expression must give the next page's URL as a string, or null on the last page.",
    );
  }
}
