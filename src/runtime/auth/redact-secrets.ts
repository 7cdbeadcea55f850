/**
 * Redaction for text the auth layer quotes from a token endpoint (error descriptions, body
 * excerpts): a server may echo a client secret, code or refresh token back.
 */

const REDACTED = '***';
const EXCERPT_LENGTH = 200;

/** Every spelling of a secret that may appear in a body: raw, JSON-escaped, percent- and form-encoded. */
function spellingsOf(secret: string): string[] {
  const jsonEscaped = JSON.stringify(secret).slice(1, -1);
  const percentEncoded = encodeURIComponent(secret);
  const formEncoded = new URLSearchParams([['', secret]]).toString().slice(1);
  return [secret, jsonEscaped, percentEncoded, formEncoded];
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
