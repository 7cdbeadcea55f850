/**
 * Redaction for text the auth layer quotes from a token endpoint (error descriptions, body
 * excerpts): a server may echo a client secret, code or refresh token back.
 */

const REDACTED = '***';
const EXCERPT_LENGTH = 200;

/** How a secret is spelled inside a URL: percent-encoded, and form-encoded (a query parameter), where either differs from the raw value. */
export function urlEncodedSpellings(secret: string): string[] {
  const percentEncoded = encodeURIComponent(secret);
  const formEncoded = new URLSearchParams([['', secret]]).toString().slice(1);
  return [...new Set([percentEncoded, formEncoded])].filter((spelling) => spelling !== secret);
}

/** Every spelling of a secret that may appear in a body: raw, JSON-escaped, percent- and form-encoded. */
function spellingsOf(secret: string): string[] {
  return [secret, JSON.stringify(secret).slice(1, -1), ...urlEncodedSpellings(secret)];
}

/** Replaces every occurrence of every secret (longest first, so a secret inside another goes too). */
export function redactSecrets(text: string, secrets: Iterable<string>): string {
  const spellings = new Set<string>();
  for (const secret of secrets) {
    if (secret === '') continue;
    for (const spelling of spellingsOf(secret)) spellings.add(spelling);
  }
  let redacted = text;
  for (const spelling of [...spellings].sort((a, b) => b.length - a.length)) {
    redacted = redacted.split(spelling).join(REDACTED);
  }
  return redacted;
}

/** Redacts first, then cuts: cutting first could leave half a secret that no longer matches. */
export function excerptRedacted(text: string, secrets: Iterable<string>): string {
  const redacted = redactSecrets(text, secrets);
  return redacted.length > EXCERPT_LENGTH ? `${redacted.slice(0, EXCERPT_LENGTH)}…` : redacted;
}
