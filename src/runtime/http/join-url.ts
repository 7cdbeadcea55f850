/**
 * Joins the connection's base URL and an action's already-encoded path so that the result stays
 * on the base origin and under the base path, whatever the spec or a placeholder value holds.
 */
import { ConnectorError } from '../errors.js';

export interface JoinUrlInput {
  base: URL;
  /** Path relative to the base, starting with `/`, placeholder values already encoded as segments. */
  path: string;
  /** Query parameters in order; names and values are percent-encoded here. */
  query?: ReadonlyArray<readonly [string, string]>;
}

/**
 * Percent-encodes a value as one path segment (`/`, `?`, `#`, `%` included). A value that is only
 * `.` or `..` cannot be one segment at all: the WHATWG URL parser treats even `%2E%2E` as a
 * parent reference, so it is refused.
 */
export function encodePathSegment(value: string): string {
  if (value === '.' || value === '..') {
    throw new ConnectorError('CONFIG', `path value "${value}" is a relative segment and cannot be sent as a path segment`, {
      hint: 'A path value of "." or ".." would address another resource; check the account id.',
    });
  }
  return encodeURIComponent(value);
}

function basePathOf(base: URL): string {
  return base.pathname.endsWith('/') ? base.pathname.slice(0, -1) : base.pathname;
}

/** `base` + `path` + `query`; throws CONFIG when the result would leave the base origin or path. */
export function joinUrl({ base, path, query = [] }: JoinUrlInput): URL {
  const basePath = basePathOf(base);
  const [pathPart = '', literalQuery] = path.split(/\?(.*)/su, 2);
  const url = new URL(base.origin);
  url.pathname = `${basePath}${pathPart.startsWith('/') ? '' : '/'}${pathPart}`;
  const params: string[] = [];
  if (literalQuery !== undefined && literalQuery !== '') params.push(literalQuery);
  for (const [name, value] of query) params.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  url.search = params.length > 0 ? `?${params.join('&')}` : '';
  assertUnderBase(url, base, path);
  return url;
}

/** True when `url` is on the base origin and at or under the base path. */
export function isUnderBase(url: URL, base: URL): boolean {
  if (url.origin !== base.origin) return false;
  const basePath = basePathOf(base);
  return basePath === '' || url.pathname === basePath || url.pathname.startsWith(`${basePath}/`);
}

function assertUnderBase(url: URL, base: URL, path: string): void {
  // The URL parser resolves `..` segments written literally in the spec; encoded ones stay put.
  if (!isUnderBase(url, base) || /(^|\/)\.\.?(\/|$)/u.test(path.split('?')[0] ?? '')) {
    throw new ConnectorError('CONFIG', `path "${path}" leaves the base URL ${base.origin}${basePathOf(base)}`, {
      hint: 'Action paths are relative to the base URL and may not climb out of it.',
    });
  }
}
