/**
 * Generate Config's pagination proposal (issue 23 point 9): from the signs in one answer that the
 * target holds more (src/runtime/pagination/more-signals.ts), the pagination block that walks
 * them, and why. The strongest sign decides: a `Link: rel="next"` header (link), a next page URL
 * in the body (nextUrl), a next cursor (cursor), a `more` flag with the answer's offset/limit or
 * page fields (offset or page), a next page number (page), a total above the records received
 * (offset with that total). Pure; the names it cannot read from the answer (a cursor's query
 * parameter) are guesses it says are guesses.
 */
import type { Pagination } from '../../generated/spec-types.js';
import { findMoreSignals, type MoreSignal } from '../runtime/pagination/more-signals.js';

export interface PaginationProposal {
  /** The block to put under actions.importUsers.pagination. */
  pagination: Pagination;
  /** Why, in one or two sentences naming the signal. */
  explanation: string;
  /** Every sign of more the answer carries, as more-signals.ts names them. */
  signals: string[];
}

/** A cursor field's usual query parameter (Google's nextPageToken goes back as pageToken). */
const CURSOR_PARAMS: Record<string, string> = {
  next_cursor: 'cursor',
  nextCursor: 'cursor',
  nextPageToken: 'pageToken',
  next_page_token: 'page_token',
  next_token: 'next_token',
  nextToken: 'nextToken',
};

const LIMIT_FIELDS = ['limit', 'per_page', 'perPage', 'page_size', 'pageSize', 'size', 'count'];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A whole number the answer states at the top or in the envelope holding the signal. */
function numberField(body: Record<string, unknown>, envelope: string | undefined, names: readonly string[]): { name: string; value: number } | undefined {
  const places = [envelope === undefined ? undefined : body[envelope], body].filter(isObject);
  for (const place of places) {
    for (const name of names) {
      const value = place[name];
      if (typeof value === 'number' && Number.isInteger(value) && value > 0) return { name, value };
    }
  }
  return undefined;
}

/** The envelope a signal's path starts with (`.meta.has_more` → meta). */
function envelopeOf(signal: MoreSignal): string | undefined {
  const match = /^\.([A-Za-z_][A-Za-z0-9_]*)\./u.exec(signal.path ?? '');
  return match?.[1];
}

function proposeFrom(signal: MoreSignal, body: Record<string, unknown>, received: number): { pagination: Pagination; why: string } {
  const path = signal.path ?? '';
  switch (signal.kind) {
    case 'link':
      return { pagination: { type: 'link' }, why: 'the answer has a Link header with rel="next" (RFC 8288): link pagination follows it until there is none' };
    case 'nextUrl':
      return {
        pagination: { type: 'nextUrl', next: path },
        why: `the answer names the next page's URL at ${path}: nextUrl pagination follows it until it is null or empty`,
      };
    case 'cursor': {
      const field = path.split('.').at(-1) ?? '';
      const param = CURSOR_PARAMS[field] ?? 'cursor';
      return {
        pagination: { type: 'cursor', cursor: path, param },
        why: `the answer carries a next cursor at ${path}: cursor pagination sends it back until it is null or empty; the query parameter "${param}" is a guess, check it in the API's documentation`,
      };
    }
    case 'more': {
      const envelope = envelopeOf(signal);
      const page = numberField(body, envelope, ['page', 'page_number', 'pageNumber']);
      const limit = numberField(body, envelope, LIMIT_FIELDS);
      if (page && !numberField(body, envelope, ['offset'])) {
        return {
          pagination: { type: 'page', pageParam: page.name, more: path, ...(limit ? { sizeParam: limit.name, size: limit.value } : {}) },
          why: `the answer says ${signal.signal} and numbers its pages (${page.name}: ${page.value}): page pagination asks for the next page while ${path} is true`,
        };
      }
      const size = limit?.value ?? received;
      return {
        pagination: { type: 'offset', limit: Math.max(1, size), more: path, ...(limit && limit.name !== 'limit' ? { limitParam: limit.name } : {}) },
        why: `the answer says ${signal.signal}${limit ? ` with ${limit.name}: ${limit.value}` : ` after ${received} records`}: offset pagination asks for the next ${Math.max(1, size)} while ${path} is true`,
      };
    }
    case 'nextPage':
      return {
        pagination: { type: 'page', pageParam: 'page' },
        why: `the answer names the next page number at ${path}: page pagination counts pages until a short or empty one; the query parameter "page" is a guess`,
      };
    case 'total':
      return {
        pagination: { type: 'offset', limit: Math.max(1, received), total: path },
        why: `the answer states ${signal.signal}: offset pagination asks for pages of ${Math.max(1, received)} until the total is reached`,
      };
  }
}

const STRENGTH: MoreSignal['kind'][] = ['link', 'nextUrl', 'cursor', 'more', 'nextPage', 'total'];

/** The proposal for one answer, or undefined when it says nothing of more pages. `received`: the records the answer held. */
export function proposePagination(input: { headers: Readonly<Record<string, string>>; body: unknown; received: number }): PaginationProposal | undefined {
  const signals = findMoreSignals(input);
  if (signals.length === 0) return undefined;
  const strongest = [...signals].sort((a, b) => STRENGTH.indexOf(a.kind) - STRENGTH.indexOf(b.kind))[0]!;
  const { pagination, why } = proposeFrom(strongest, isObject(input.body) ? input.body : {}, input.received);
  return {
    pagination,
    explanation: `Pagination: ${why}. Without it an import fails (PAGINATION_MISSING) rather than take this page for the whole list.`,
    signals: signals.map((signal) => signal.signal),
  };
}
