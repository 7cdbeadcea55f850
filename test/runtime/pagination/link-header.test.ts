import { describe, expect, it } from 'vitest';
import { findLink, parseLinkHeader } from '../../../src/runtime/pagination/link-header.js';

describe('RFC 8288 Link header', () => {
  it.each([
    {
      given: '<https://x.test/u?page=2>; rel="next", <https://x.test/u?page=9>; rel="last"',
      want: [
        { target: 'https://x.test/u?page=2', rels: ['next'] },
        { target: 'https://x.test/u?page=9', rels: ['last'] },
      ],
    },
    { given: '</u?p=2>;rel=next;title="a, b; c"', want: [{ target: '/u?p=2', rels: ['next'] }] },
    { given: '<https://x.test/2>; rel="prev next"; type="application/json"', want: [{ target: 'https://x.test/2', rels: ['prev', 'next'] }] },
    {
      given: '<a>; title="x\\"y", <b>; REL="Next"',
      want: [
        { target: 'a', rels: [] },
        { target: 'b', rels: ['next'] },
      ],
    },
    { given: '', want: [] },
  ])('parses $given', ({ given, want }) => {
    expect(parseLinkHeader(given).map(({ target, rels }) => ({ target, rels }))).toEqual(want);
  });

  it('resolves relative targets against the response URL', () => {
    expect(findLink('</api/users?cursor=b>; rel="next"', 'next', new URL('https://x.test/api/users'))?.href).toBe('https://x.test/api/users?cursor=b');
    expect(findLink('<x>; rel="last"', 'next', new URL('https://x.test/'))).toBeUndefined();
  });
});
