import { describe, expect, it } from 'vitest';
import { Redactor } from '../../src/runtime/redact.js';

describe('Redactor', () => {
  const redactor = new Redactor();
  redactor.registerSecret('s3cr3t+/ key"x');
  redactor.registerSecret('tk9Zq7');
  redactor.registerSecret('acme');
  redactor.registerSecret('');

  it.each([
    { given: 'token s3cr3t+/ key"x here', want: 'token *** here' },
    { given: `url ?k=${encodeURIComponent('s3cr3t+/ key"x')}`, want: 'url ?k=***' },
    { given: `form k=${new URLSearchParams({ k: 's3cr3t+/ key"x' }).toString().slice(2)}`, want: 'form k=***' },
    { given: JSON.stringify({ v: 's3cr3t+/ key"x' }), want: '{"v":"***"}' },
    { given: 'Bearer tk9Zq7', want: 'Bearer ***' },
    { given: 'nothing secret', want: 'nothing secret' },
    { given: 'upper-cased TK9ZQ7 too', want: 'upper-cased *** too' },
    { given: 'a short secret (acme) is not matched: ann@acme.com', want: 'a short secret (acme) is not matched: ann@acme.com' },
  ])('redacts $given', ({ given, want }) => {
    expect(redactor.redact(given)).toBe(want);
  });

  it('masks credential-like query parameters in URLs even when not registered', () => {
    expect(redactor.redactUrl('https://x.test/users?api_key=abc&page=2&access_token=zz')).toBe('https://x.test/users?api_key=***&page=2&access_token=***');
    expect(redactor.redactUrl('https://user:pw@x.test/a')).toBe('https://***:***@x.test/a');
  });

  it('redacts values and keys deeply, and header credentials whole', () => {
    expect(redactor.redactValue({ a: ['tk9Zq7', { tk9Zq7: 1 }] })).toEqual({ a: ['***', { '***': 1 }] });
    expect(redactor.redactHeaders({ authorization: 'Basic Zm9v', 'x-other': 'tk9Zq7' })).toEqual({ authorization: '***', 'x-other': '***' });
  });

  it('finds a secret a target echoed with JSON escapes in a body, and keeps the body JSON', () => {
    const echoed = '{"detail":"key s3cr3t+\\/ key\\"\\u0078 refused"}';
    expect(JSON.parse(echoed)).toEqual({ detail: 'key s3cr3t+/ key"x refused' });
    expect(redactor.redactBody(echoed)).toBe('{"detail":"key *** refused"}');
    expect(redactor.redactBody('plain s3cr3t+/ key"x')).toBe('plain ***');
  });
});
