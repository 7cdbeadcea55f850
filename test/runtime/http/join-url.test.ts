import { describe, expect, it } from 'vitest';
import { joinUrl } from '../../../src/runtime/http/join-url.js';
import { renderPath } from '../../../src/runtime/template/path-template.js';
import { ConnectorError } from '../../../src/runtime/errors.js';

const base = new URL('https://api.example.com/v2/');

describe('joinUrl with path placeholders', () => {
  it.each([
    { id: 'U1', want: 'https://api.example.com/v2/users/U1' },
    { id: '../admin', want: 'https://api.example.com/v2/users/..%2Fadmin' },
    { id: 'a/b?c#d', want: 'https://api.example.com/v2/users/a%2Fb%3Fc%23d' },
    { id: '%2e%2e', want: 'https://api.example.com/v2/users/%252e%252e' },
    { id: 'ünï cödé', want: 'https://api.example.com/v2/users/%C3%BCn%C3%AF%20c%C3%B6d%C3%A9' },
    { id: '//evil.test', want: 'https://api.example.com/v2/users/%2F%2Fevil.test' },
    { id: 'http://evil.test/', want: 'https://api.example.com/v2/users/http%3A%2F%2Fevil.test%2F' },
    { id: 42, want: 'https://api.example.com/v2/users/42' },
  ])('keeps $id inside one segment', ({ id, want }) => {
    const path = renderPath({ template: '/users/{account.id}', variables: { account: { id } }, action: 'deleteUser' });
    expect(joinUrl({ base, path }).toString()).toBe(want);
  });

  it.each(['.', '..', '', undefined, null, { x: 1 }])('refuses the path value %j', (id) => {
    expect(() => joinUrl({ base, path: renderPath({ template: '/users/{account.id}', variables: { account: { id } }, action: 'deleteUser' }) })).toThrow(
      ConnectorError,
    );
  });

  it('never reads a placeholder from the prototype chain', () => {
    expect(() => renderPath({ template: '/x/{account.constructor}', variables: { account: {} }, action: 'a' })).toThrow(/has no value/);
  });

  it('refuses literal dot segments that climb out of the base path', () => {
    expect(() => joinUrl({ base, path: '/../admin' })).toThrow(/leaves the base URL/);
    expect(() => joinUrl({ base, path: '/users/./x' })).toThrow(/leaves the base URL/);
  });

  it('keeps the base path with or without a trailing slash and encodes the query', () => {
    const query = [
      ['filter', 'a b&c=d'],
      ['q', '#x?'],
    ] as const;
    expect(joinUrl({ base: new URL('https://h.test/api'), path: '/users', query }).toString()).toBe('https://h.test/api/users?filter=a%20b%26c%3Dd&q=%23x%3F');
    expect(joinUrl({ base: new URL('https://h.test'), path: '/users?active=true', query: [['a', '1']] }).toString()).toBe(
      'https://h.test/users?active=true&a=1',
    );
  });
});
