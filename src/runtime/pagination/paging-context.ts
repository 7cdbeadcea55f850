/**
 * What every pagination style gets from the import: a way to fetch a page (by query parameters,
 * or by URL for Link headers) and to map it (one jq run). Fetching and mapping are separate so
 * a style can start the next request before mapping the current page.
 */
import { ConnectorError } from '../errors.js';
import type { Cell } from '../mapping/page-program.js';
import type { MappedRecord } from '../mapping/map-records.js';
import type { RanPage } from '../mapping/page-mapper.js';

export interface FetchedPage {
  url: URL;
  status: number;
  headers: Record<string, string>;
  /**
   * The parsed body. Where the mapping runs in a jq worker the page is parsed there, and this
   * parses it again on this thread: only for what needs the body itself (the `none` style's check
   * for more, an error message), never for the mapping.
   */
  body(): unknown;
  /** The body as received, for a mapper whose jq parses it where it runs (an isolated one). */
  text?: string;
  /** The mapping's run, when it ran in a jq worker as the page arrived. */
  mapped?: RanPage;
}

export interface EvaluatedPage {
  url: URL;
  headers: Record<string, string>;
  records: MappedRecord[];
  /** Pagination values read from the body by the same jq run (cursor, total, more, ...). */
  extras: Record<string, Cell>;
  /** What the body looks like (`an object with keys users (array), ...`), for error messages. */
  shape(): string;
}

export { CURSOR_FOUND } from '../../plan/paging-expressions.js';

export type PageTarget = { query: ReadonlyArray<readonly [string, string]> } | { url: URL };

export interface PagingContext {
  action: string;
  baseUrl: URL;
  fetch(target: PageTarget): Promise<FetchedPage>;
  evaluate(page: FetchedPage): Promise<EvaluatedPage>;
  /** Something the operator should check although the import succeeded (kept in its summary). */
  warn(message: string): void;
}

/**
 * The first output of a pagination expression, or undefined (no output or null). An expression
 * that failed never reaches here: the page mapper turns it into PAGINATION_FAILED.
 */
export function readExtra(page: EvaluatedPage, name: string): unknown {
  const cell = page.extras[name];
  if (!cell || 'error' in cell) return undefined;
  return cell.value ?? undefined;
}

export function readNumber(page: EvaluatedPage, name: string): number | undefined {
  const value = readExtra(page, name);
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/**
 * Whether two pages hold the same records (ids of the importable ones, positions of the others):
 * a page that repeats another. Compared in place, with nothing built per page.
 */
export function samePage(a: EvaluatedPage | undefined, b: EvaluatedPage): boolean {
  if (a === undefined || a.records.length !== b.records.length) return false;
  for (let at = 0; at < b.records.length; at++) {
    const left = a.records[at]!;
    const right = b.records[at]!;
    if (left.account?.id !== right.account?.id || (left.account === undefined && left.index !== right.index)) return false;
  }
  return true;
}

export function paginationError(ctx: PagingContext, message: string, hint: string): ConnectorError {
  return new ConnectorError('PAGINATION_FAILED', `${ctx.action}: ${message}`, { action: ctx.action, hint });
}

/** Fetch + map, with the rejection observed so an abandoned prefetch never becomes unhandled. */
export function fetchAndEvaluate(ctx: PagingContext, target: PageTarget): Promise<EvaluatedPage> {
  const promise = ctx.fetch(target).then((page) => ctx.evaluate(page));
  promise.catch(() => undefined);
  return promise;
}

export function tooManyPages(ctx: PagingContext, maxPages: number): ConnectorError {
  return paginationError(
    ctx,
    `stopped after maxPages (${maxPages}) pages while the target still had more`,
    'Raise pagination.maxPages; the import fails rather than return a partial list.',
  );
}
