/** Generate Config's pagination proposal: one table of answers and the block each calls for (issue 23 point 9). */
import { describe, expect, it } from 'vitest';
import { proposePagination } from '../../src/generate/propose-pagination.js';

const users = Array.from({ length: 25 }, (_, index) => ({ id: `u${index}`, email: `u${index}@example.com` }));

describe('proposePagination', () => {
  const cases: Array<{ name: string; given: { headers?: Record<string, string>; body: unknown; received?: number }; want: unknown }> = [
    { name: 'Link rel=next', given: { headers: { link: '<https://x.example/users?page=2>; rel="next"' }, body: users }, want: { type: 'link' } },
    {
      name: '@odata.nextLink',
      given: { body: { value: users, '@odata.nextLink': 'https://graph.example/v1.0/users?$skiptoken=a' } },
      want: { type: 'nextUrl', next: '."@odata.nextLink"' },
    },
    {
      name: 'links.next',
      given: { body: { users, links: { next: '/users?page[after]=x' }, meta: { has_more: true } } },
      want: { type: 'nextUrl', next: '.links.next' },
    },
    {
      name: 'Slack cursor',
      given: { body: { members: users, response_metadata: { next_cursor: 'dXNl' } } },
      want: { type: 'cursor', cursor: '.response_metadata.next_cursor', param: 'cursor' },
    },
    { name: 'Google nextPageToken', given: { body: { users, nextPageToken: 'tok' } }, want: { type: 'cursor', cursor: '.nextPageToken', param: 'pageToken' } },
    { name: 'PagerDuty offset/limit/more', given: { body: { users, offset: 0, limit: 25, more: true } }, want: { type: 'offset', limit: 25, more: '.more' } },
    { name: 'more without a limit: the records received', given: { body: { users, has_more: true } }, want: { type: 'offset', limit: 25, more: '.has_more' } },
    {
      name: 'page numbers with more',
      given: { body: { users, page: 1, per_page: 25, more: true } },
      want: { type: 'page', pageParam: 'page', more: '.more', sizeParam: 'per_page', size: 25 },
    },
    { name: 'a next page number', given: { body: { users, next_page: 2 } }, want: { type: 'page', pageParam: 'page' } },
    { name: 'a total above what was received', given: { body: { users, total: 37 }, received: 25 }, want: { type: 'offset', limit: 25, total: '.total' } },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const proposal = proposePagination({ headers: given.headers ?? {}, body: given.body, received: given.received ?? 25 });
    expect(proposal?.pagination).toEqual(want);
    expect(proposal?.explanation).toMatch(/^Pagination: .*PAGINATION_MISSING/u);
  });

  it('a last page proposes nothing', () => {
    expect(proposePagination({ headers: {}, body: { users, more: false, total: 25, next: null }, received: 25 })).toBeUndefined();
  });

  it('names every signal and takes the strongest', () => {
    const proposal = proposePagination({ headers: { link: '</users?page=2>; rel="next"' }, body: { users, more: true }, received: 25 });
    expect(proposal).toMatchObject({ pagination: { type: 'link' }, signals: ['Link: rel="next"', '"more": true'] });
  });
});
