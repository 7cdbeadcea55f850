/**
 * `link`: follows the RFC 8288 Link header's `next` relation. The next request starts as soon
 * as the headers are read, before the current page is mapped. A next link must stay on the base
 * origin and path (credentials are never sent elsewhere); a repeated link fails the import.
 */
import type { LinkPagination } from '../../../generated/spec-types.js';
import { isUnderBase } from '../http/join-url.js';
import { findLink } from './link-header.js';
import { paginationError, tooManyPages, type EvaluatedPage, type FetchedPage, type PagingContext } from './paging-context.js';
import { planned } from '../plan.js';

export async function* paginateLink(ctx: PagingContext, spec: LinkPagination): AsyncGenerator<EvaluatedPage> {
  const { sizeParam, size } = spec;
  const rel = planned(spec.rel, 'pagination.rel');
  const maxPages = planned(spec.maxPages, 'pagination.maxPages');
  const first: Array<readonly [string, string]> = sizeParam !== undefined && size !== undefined ? [[sizeParam, String(size)]] : [];
  const seen = new Set<string>();
  const observe = (promise: Promise<FetchedPage>): Promise<FetchedPage> => {
    promise.catch(() => undefined);
    return promise;
  };
  let next = observe(ctx.fetch({ query: first }));
  for (let pages = 1; ; pages += 1) {
    const fetched = await next;
    const link = readNextLink(ctx, fetched.headers.link, rel, fetched.url);
    if (link) {
      if (!isUnderBase(link, ctx.baseUrl)) {
        throw paginationError(
          ctx,
          `the "${rel}" link points outside the base URL (${link.origin})`,
          'Links are only followed on the base URL, so credentials never leave it.',
        );
      }
      if (seen.has(link.href) || link.href === fetched.url.href) {
        throw paginationError(ctx, `the "${rel}" link repeated after ${pages} pages`, 'The target keeps pointing at a page already read.');
      }
      seen.add(link.href);
      if (pages >= maxPages) throw tooManyPages(ctx, maxPages);
      next = observe(ctx.fetch({ url: link }));
    }
    const page = await ctx.evaluate(fetched);
    if (page.records.length === 0) return;
    yield page;
    if (!link) return;
  }
}

/** The next link, or a coded error when the target's Link header does not parse as URLs. */
function readNextLink(ctx: PagingContext, header: string | undefined, rel: string, base: URL): URL | undefined {
  try {
    return findLink(header, rel, base);
  } catch {
    throw paginationError(
      ctx,
      `the Link header's "${rel}" target is not a valid URL`,
      'The target sent a malformed Link header; the import stops rather than guess the next page.',
    );
  }
}
