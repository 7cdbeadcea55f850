/**
 * Picks the generator for a pagination style, and names the values each style reads from the
 * body (evaluated in the same jq run as the mapping).
 */
import type { Pagination } from '../../../generated/spec-types.js';
import { paginateCursor } from './cursor-pagination.js';
import { paginateLink } from './link-pagination.js';
import { paginateNextUrl } from './next-url-pagination.js';
import { paginateNone } from './no-pagination.js';
import { paginateOffset } from './offset-pagination.js';
import { paginatePage } from './page-pagination.js';
import { paginateScim } from './scim-pagination.js';
import type { EvaluatedPage, PagingContext } from './paging-context.js';
import { planned } from '../plan.js';

export function paginate(ctx: PagingContext, pagination: Pagination | undefined): AsyncGenerator<EvaluatedPage> {
  switch (pagination?.type) {
    case undefined:
    case 'none':
      return paginateNone(ctx);
    case 'offset':
      return paginateOffset(ctx, pagination);
    case 'page':
      return paginatePage(ctx, pagination);
    case 'cursor':
      return paginateCursor(ctx, pagination);
    case 'link':
      return paginateLink(ctx, pagination);
    case 'nextUrl':
      return paginateNextUrl(ctx, pagination);
    case 'scim':
      return paginateScim(ctx, pagination);
  }
}

/** Query parameters of the first page of a style (for dry runs). */
export function firstPageQuery(pagination: Pagination | undefined): Array<[string, string]> {
  switch (pagination?.type) {
    case 'offset':
      return [
        [planned(pagination.offsetParam, 'pagination.offsetParam'), '0'],
        [planned(pagination.limitParam, 'pagination.limitParam'), String(pagination.limit)],
      ];
    case 'page': {
      const query: Array<[string, string]> = [
        [planned(pagination.pageParam, 'pagination.pageParam'), String(planned(pagination.firstPage, 'pagination.firstPage'))],
      ];
      if (pagination.sizeParam && pagination.size !== undefined) query.push([pagination.sizeParam, String(pagination.size)]);
      return query;
    }
    case 'scim':
      return [
        ['startIndex', '1'],
        ['count', String(planned(pagination.count, 'pagination.count'))],
      ];
    case 'cursor':
    case 'link':
    case 'nextUrl':
      return pagination.sizeParam && pagination.size !== undefined ? [[pagination.sizeParam, String(pagination.size)]] : [];
    default:
      return [];
  }
}

export { listPagingExpressions } from '../../plan/paging-expressions.js';
