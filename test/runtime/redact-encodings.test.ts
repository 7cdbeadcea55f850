/**
 * Issue 27, finding 5 / point 5: every encoding a credential travels in is masked by the one
 * Redactor, for secrets of each length modulo 3 (so base64 with one, two and no `=`), inside
 * surrounding text, in every place text leaves the runtime through it (redact, redactBody,
 * redactValue, redactUrl).
 */
import { describe, expect, it } from 'vitest';
import { Redactor } from '../../src/runtime/redact.js';

/** Three secrets, 30, 31 and 32 bytes: base64 without padding, with `==`, with `=`; each with + and / in base64. */
const SECRETS = ['tok/en+"q"\\s?&=~>>?long-enough', 'tok/en+"q"\\s?&=~>>?long-enough1', 'tok/en+"q"\\s?&=~>>?long-enough12'];

function spellings(secret: string): Record<string, string> {
  const bytes = Buffer.from(secret);
  const b64 = bytes.toString('base64');
  const b64url = bytes.toString('base64url');
  return {
    raw: secret,
    base64: b64,
    'base64 without padding': b64.replace(/=+$/u, ''),
    base64url: b64url,
    'base64url with padding': b64url + '='.repeat((4 - (b64url.length % 4)) % 4),
    'Basic base64(user:secret)': `Basic ${Buffer.from(`ada:${secret}`).toString('base64')}`,
    'Basic base64url(user:secret)': `Basic ${Buffer.from(`ada:${secret}`).toString('base64url')}`,
    'Bearer secret': `Bearer ${secret}`,
    'Bearer base64(secret)': `Bearer ${b64}`,
    'base64("Bearer secret")': Buffer.from(`Bearer ${secret}`).toString('base64'),
    'base64url("Basic secret")': Buffer.from(`Basic ${secret}`).toString('base64url'),
    hex: bytes.toString('hex'),
    'hex upper case': bytes.toString('hex').toUpperCase(),
    'URL-encoded': encodeURIComponent(secret),
    'form-encoded': new URLSearchParams([['k', secret]]).toString().slice(2),
    'JSON-escaped': JSON.stringify(secret).slice(1, -1),
    'JSON-escaped with \\/': JSON.stringify(secret).slice(1, -1).replaceAll('/', '\\/'),
  };
}

/** What is left of the secret's spelling after redaction: none of its 12-character runs survive. */
function leaks(text: string, spelled: string): boolean {
  const core = spelled.replace(/^(Basic|Bearer) /u, '').replace(/=+$/u, '');
  for (let start = 0; start + 12 <= core.length; start += 4) if (text.includes(core.slice(start, start + 12))) return true;
  return false;
}

describe('one Redactor masks a credential in every encoding it travels in', () => {
  for (const secret of SECRETS) {
    const redactor = new Redactor();
    redactor.registerSecret(secret);
    it.each(Object.entries(spellings(secret)))(`${Buffer.byteLength(secret)} bytes, %s`, (_encoding, spelled) => {
      const text = `the target said: ${spelled} was refused`;
      expect(leaks(redactor.redact(text), spelled)).toBe(false);
      expect(leaks(redactor.redactBody(JSON.stringify({ detail: text })), spelled)).toBe(false);
      expect(leaks(JSON.stringify(redactor.redactValue({ detail: [text] })), spelled)).toBe(false);
      expect(redactor.redact(text)).toContain('***');
    });
  }

  it('a credential in a URL is masked in each encoding too', () => {
    const redactor = new Redactor();
    redactor.registerSecret(SECRETS[0]);
    const url = `https://x.test/users?q=${encodeURIComponent(SECRETS[0]!)}&hex=${Buffer.from(SECRETS[0]!).toString('hex')}`;
    const redacted = redactor.redactUrl(url);
    expect(leaks(redacted, encodeURIComponent(SECRETS[0]!))).toBe(false);
    expect(leaks(redacted, Buffer.from(SECRETS[0]!).toString('hex'))).toBe(false);
  });
});
