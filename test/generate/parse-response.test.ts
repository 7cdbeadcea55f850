import { describe, expect, it } from 'vitest';
import { parseResponse, ResponseParseError } from '../../src/generate/parse-response.js';

describe('parseResponse', () => {
  it('parses JSON, ignoring a byte-order mark', () => {
    expect(parseResponse({ text: '\uFEFF{"users": []}', file: 'r.json' })).toEqual({ users: [] });
  });

  it.each([
    { name: 'bad token', text: '{\n  "users": [\n    {"id": x}\n  ]\n}', where: 'r.json:3:12' },
    { name: 'trailing comma', text: '{"a": 1,}', where: 'r.json:1:9' },
    { name: 'unterminated string', text: '{"a": "b', where: 'r.json:1:9' },
    { name: 'missing colon', text: '{"a" 1}', where: 'r.json:1:6' },
    { name: 'empty file', text: '', where: 'r.json:1:1' },
    { name: 'text after the value', text: '[1]\n]', where: 'r.json:2:1' },
    { name: 'HTML error page', text: '<html>502</html>', where: 'r.json:1:1' },
  ])('names file:line:column for $name', ({ text, where }) => {
    let caught: unknown;
    try {
      parseResponse({ text, file: 'r.json' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ResponseParseError);
    expect((caught as Error).message.startsWith(`${where}: not valid JSON: `)).toBe(true);
    expect((caught as Error).message).not.toMatch(/\n\s+at /u);
  });
});
