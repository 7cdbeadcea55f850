/**
 * RFC 8288 Link header parser: `<https://x/users?page=2>; rel="next", <...>; rel="last"`.
 * Handles quoted parameter values (commas and semicolons inside quotes) and several
 * space-separated relation types in one `rel`.
 */

export interface LinkValue {
  target: string;
  rels: string[];
  params: Record<string, string>;
}

export function parseLinkHeader(header: string): LinkValue[] {
  const links: LinkValue[] = [];
  let position = 0;
  while (position < header.length) {
    const open = header.indexOf('<', position);
    if (open === -1) break;
    const close = header.indexOf('>', open);
    if (close === -1) break;
    const link: LinkValue = { target: header.slice(open + 1, close), rels: [], params: {} };
    position = close + 1;
    // Parameters run until a comma outside quotes (RFC 8288 section 3).
    while (position < header.length) {
      const match = /^\s*;\s*([^\s=;,]+)\s*(?:=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s;,]*)))?/u.exec(header.slice(position));
      if (!match) break;
      const name = (match[1] ?? '').toLowerCase();
      const value = match[2] !== undefined ? match[2].replace(/\\(.)/gu, '$1') : (match[3] ?? '');
      if (!(name in link.params)) link.params[name] = value;
      position += match[0].length;
    }
    link.rels = (link.params.rel ?? '')
      .toLowerCase()
      .split(/\s+/u)
      .filter((rel) => rel !== '');
    links.push(link);
    const comma = header.indexOf(',', position);
    if (comma === -1) break;
    position = comma + 1;
  }
  return links;
}

/** The target of the first link with relation `rel`, resolved against `base`. */
export function findLink(header: string | undefined, rel: string, base: URL): URL | undefined {
  if (!header) return undefined;
  const link = parseLinkHeader(header).find((candidate) => candidate.rels.includes(rel.toLowerCase()));
  return link ? new URL(link.target, base) : undefined;
}
