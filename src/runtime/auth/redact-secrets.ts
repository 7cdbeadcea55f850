/**
 * Redaction for text the auth layer quotes from a token endpoint (error descriptions, body
 * excerpts): a server may echo a client secret, code or refresh token back. Built on the one
 * Redactor (../redact.ts), so the same spellings, letter case and minimum length apply.
 */
import { Redactor } from '../redact.js';

export { urlEncodedSpellings } from '../redact.js';

const EXCERPT_LENGTH = 200;

/** Replaces every occurrence of every secret, in every spelling the Redactor knows. */
export function redactSecrets(text: string, secrets: Iterable<string>): string {
  const redactor = new Redactor();
  for (const secret of secrets) redactor.registerSecret(secret);
  return redactor.redact(text);
}

/** Redacts first, then cuts: cutting first could leave half a secret that no longer matches. */
export function excerptRedacted(text: string, secrets: Iterable<string>): string {
  const redacted = redactSecrets(text, secrets);
  return redacted.length > EXCERPT_LENGTH ? `${redacted.slice(0, EXCERPT_LENGTH)}…` : redacted;
}
