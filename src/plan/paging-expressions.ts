/**
 * The values each pagination style reads from a page's body, by name, evaluated in the same jq
 * run as the mapping. Part of the connector plan: the compiler lists them to precompile the page
 * program, the runtime to build and read it. Imports neither side.
 */
import type { Pagination } from '../../generated/spec-types.js';
import { pathExists } from './page-program.js';

/** The extra telling whether the cursor's path exists in the body (see pathExists). */
export const CURSOR_FOUND = 'cursor found';

/** The extra holding the next URL of `nextUrl` pagination. */
export const NEXT_URL = 'next';

/** jq expressions over the body that a style needs, by name. */
export function listPagingExpressions(pagination: Pagination | undefined): Array<[string, string]> {
  const entries: Array<[string, string | undefined]> = [];
  switch (pagination?.type) {
    case 'offset':
      entries.push(['more', pagination.more], ['total', pagination.total]);
      break;
    case 'page':
      entries.push(['more', pagination.more], ['totalPages', pagination.totalPages]);
      break;
    case 'cursor':
      entries.push(['cursor', pagination.cursor], [CURSOR_FOUND, pathExists(pagination.cursor)]);
      break;
    case 'nextUrl':
      entries.push([NEXT_URL, pagination.next]);
      break;
    case 'scim':
      entries.push(['totalResults', '.totalResults']);
      break;
    default:
      break;
  }
  return entries.filter((entry): entry is [string, string] => entry[1] !== undefined);
}
