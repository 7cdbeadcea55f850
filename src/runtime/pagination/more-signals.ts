/**
 * Whether an answer says there is more than it holds, read without any pagination block: the
 * guard that keeps a spec without `pagination` from taking page one for the whole list (issue 23
 * point 9). Pure and bounded: it reads the `Link` header and a fixed set of well-known fields at
 * the top of the body and one level down in the usual envelopes (`meta`, `pagination`, `links`,
 * `response_metadata`...), never the records themselves.
 *
 * The signals, each as the vendors write them: RFC 8288 `Link: <...>; rel="next"` (GitHub, Okta,
 * Sentry); a true `more` / `has_more` / `hasMore` (PagerDuty, Stripe); a next cursor
 * (`next_cursor`, `nextPageToken`, Slack's `response_metadata.next_cursor`); a next URL or page
 * (`@odata.nextLink`, `next`, `next_page`, `links.next`, HAL `_links.next.href`); a total above the
 * records received (`total`, `totalResults`, `total_count`, `@odata.count`). A last page carries
 * none of them (`more: false`, `next: null`, a total equal to what was received).
 */
import { parseLinkHeader } from './link-header.js';

export type MoreSignalKind = 'link' | 'more' | 'cursor' | 'nextUrl' | 'nextPage' | 'total';

export interface MoreSignal {
  kind: MoreSignalKind;
  /** Where it was read: `Link: rel="next"`, `"more": true`, `"response_metadata.next_cursor"`, `"total": 37 > 25 received`. */
  signal: string;
  /** The jq path of the field (absent for the Link header). */
  path?: string;
  /** The value read, for a proposal (a cursor, a URL, a number). */
  value?: unknown;
}

const MORE_FLAGS = ['more', 'has_more', 'hasMore', 'hasNextPage', 'has_next_page', 'moreRecords', 'more_records'];
const CURSOR_FIELDS = ['next_cursor', 'nextCursor', 'nextPageToken', 'next_page_token', 'next_token', 'nextToken'];
const NEXT_URL_FIELDS = ['@odata.nextLink', 'nextLink', 'next_url', 'nextUrl', 'next_page_url', 'nextPageUrl', 'next_link', 'next'];
const NEXT_PAGE_FIELDS = ['next_page', 'nextPage'];
const TOTAL_FIELDS = ['total', 'totalResults', 'total_count', 'totalCount', 'total_results', '@odata.count', 'totalSize', 'total_entries'];
/** Envelopes one level down where the fields above are also looked for. */
const ENVELOPES = ['meta', 'pagination', 'paging', 'page_info', 'pageInfo', 'links', 'response_metadata', 'metadata', 'cursor', 'page'];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A jq path for a key: `.more`, `."@odata.nextLink"`, `.meta.has_more`. */
function jqPath(keys: readonly string[]): string {
  return keys.map((key) => (/^[A-Za-z_][A-Za-z0-9_]*$/u.test(key) ? `.${key}` : `.${JSON.stringify(key)}`)).join('');
}

function present(value: unknown): boolean {
  return (typeof value === 'string' && value.trim() !== '') || (typeof value === 'number' && Number.isFinite(value));
}

function readTotal(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+$/u.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 ? number : undefined;
}

/** The signals one object (the body or an envelope) carries; `prefix` is where it sits. */
function signalsIn(object: Record<string, unknown>, prefix: readonly string[], received: number | undefined): MoreSignal[] {
  const found: MoreSignal[] = [];
  const at = (key: string) => [...prefix, key];
  const quoted = (key: string) => JSON.stringify(at(key).join('.'));
  for (const key of MORE_FLAGS) {
    if (object[key] === true) found.push({ kind: 'more', signal: `${quoted(key)}: true`, path: jqPath(at(key)), value: true });
  }
  for (const key of CURSOR_FIELDS) {
    if (present(object[key])) found.push({ kind: 'cursor', signal: `${quoted(key)} (a next cursor)`, path: jqPath(at(key)), value: object[key] });
  }
  for (const key of NEXT_URL_FIELDS) {
    const value = object[key];
    // `next` is a URL or a relative path in most APIs (Zendesk, DRF); a number there is a page.
    if (typeof value === 'string' && value.trim() !== '') {
      found.push({ kind: 'nextUrl', signal: `${quoted(key)} (a next page link)`, path: jqPath(at(key)), value });
    } else if (isObject(value) && typeof value.href === 'string' && value.href !== '') {
      // HAL: `_links.next.href`; JSON:API: `links.next` as an object with `href`.
      found.push({ kind: 'nextUrl', signal: `${quoted(`${key}.href`)} (a next page link)`, path: jqPath([...at(key), 'href']), value: value.href });
    } else if (typeof value === 'number' && Number.isFinite(value)) {
      found.push({ kind: 'nextPage', signal: `${quoted(key)}: ${value} (a next page number)`, path: jqPath(at(key)), value });
    }
  }
  for (const key of NEXT_PAGE_FIELDS) {
    const value = object[key];
    if (typeof value === 'number' && Number.isFinite(value)) {
      found.push({ kind: 'nextPage', signal: `${quoted(key)}: ${value} (a next page number)`, path: jqPath(at(key)), value });
    } else if (typeof value === 'string' && value.trim() !== '') {
      found.push({ kind: 'nextUrl', signal: `${quoted(key)} (a next page link)`, path: jqPath(at(key)), value });
    }
  }
  if (received !== undefined) {
    for (const key of TOTAL_FIELDS) {
      const total = readTotal(object[key]);
      if (total !== undefined && total > received) {
        found.push({ kind: 'total', signal: `${quoted(key)}: ${total} > ${received} received`, path: jqPath(at(key)), value: total });
      }
    }
  }
  return found;
}

/**
 * Every sign in one answer that the target holds more than it sent. `received`: the records the
 * answer held (a total is compared with it; leave it out when unknown and no total is judged).
 */
export function findMoreSignals(answer: { headers: Readonly<Record<string, string>>; body: unknown; received?: number }): MoreSignal[] {
  const found: MoreSignal[] = [];
  const link = answer.headers.link ?? answer.headers.Link;
  if (typeof link === 'string' && link.length <= 16_384 && parseLinkHeader(link).some((value) => value.rels.includes('next'))) {
    found.push({ kind: 'link', signal: 'Link: rel="next"' });
  }
  const { body } = answer;
  if (!isObject(body)) return found;
  found.push(...signalsIn(body, [], answer.received));
  for (const envelope of ENVELOPES) {
    const inner = body[envelope];
    if (isObject(inner)) found.push(...signalsIn(inner, [envelope], answer.received));
  }
  if (isObject(body._links)) {
    const next = body._links.next;
    if (isObject(next) && typeof next.href === 'string' && next.href !== '') {
      found.push({ kind: 'nextUrl', signal: '"_links.next.href" (a next page link)', path: '._links.next.href', value: next.href });
    }
  }
  return found;
}

/** The signals in one sentence: `"more": true and Link: rel="next"`. */
export function describeMoreSignals(signals: readonly MoreSignal[]): string {
  return signals.map((signal) => signal.signal).join(' and ');
}
