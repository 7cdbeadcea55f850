/**
 * A paged answer is never taken as complete (issue 23 point 9): the pure signal table, then each
 * signal from a fake target on a real socket against a spec without pagination (the import fails
 * with PAGINATION_MISSING naming the signal), and the last pages that must not trip it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { connect } from '../../../src/runtime/connect.js';
import { findMoreSignals } from '../../../src/runtime/pagination/more-signals.js';
import { isConnectorError } from '../../../src/runtime/errors.js';
import type { Pagination } from '../../../generated/spec-types.js';
import { makeConnector, makeUsers, noSleep, usersImport } from '../fixtures.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';

describe('findMoreSignals', () => {
  const users = makeUsers(25);
  const cases: Array<{ given: { headers?: Record<string, string>; body: unknown; received?: number }; want: string[] }> = [
    { given: { body: { users, more: true } }, want: ['"more": true'] },
    { given: { body: { data: users, has_more: true } }, want: ['"has_more": true'] },
    { given: { body: { users, meta: { has_more: true } } }, want: ['"meta.has_more": true'] },
    {
      given: { body: { members: users, response_metadata: { next_cursor: 'dXNlcjpVMEc5V0ZYTlo=' } } },
      want: ['"response_metadata.next_cursor" (a next cursor)'],
    },
    { given: { body: { users, nextPageToken: 'abc' } }, want: ['"nextPageToken" (a next cursor)'] },
    { given: { body: { value: users, '@odata.nextLink': 'https://graph.example/v1.0/users?$skiptoken=x' } }, want: ['"@odata.nextLink" (a next page link)'] },
    { given: { body: { users, links: { next: '/users?page[after]=x' } } }, want: ['"links.next" (a next page link)'] },
    { given: { body: { users, next_page: 'https://x.example/api/v2/users.json?page=2' } }, want: ['"next_page" (a next page link)'] },
    { given: { body: { users, next_page: 2 } }, want: ['"next_page": 2 (a next page number)'] },
    { given: { body: { users, _links: { next: { href: '/users?page=2' } } } }, want: ['"_links.next.href" (a next page link)'] },
    {
      given: { headers: { link: '<https://x.example/users?page=2>; rel="next", <https://x.example/users?page=2>; rel="last"' }, body: users },
      want: ['Link: rel="next"'],
    },
    { given: { body: { users, total: 37 }, received: 25 }, want: ['"total": 37 > 25 received'] },
    { given: { body: { Resources: users, totalResults: 3 }, received: 2 }, want: ['"totalResults": 3 > 2 received'] },
    // A last page says nothing more.
    { given: { body: { users, more: false, total: null } }, want: [] },
    { given: { body: { users, has_more: false, next_cursor: null } }, want: [] },
    { given: { body: { users, next: null, next_page: null, '@odata.nextLink': '' } }, want: [] },
    { given: { headers: { link: '<https://x.example/users?page=1>; rel="prev", <https://x.example/users?page=1>; rel="first"' }, body: users }, want: [] },
    { given: { body: { users, total: 25 }, received: 25 }, want: [] },
    // Without the count received, a total is not judged.
    { given: { body: { users, total: 37 } }, want: [] },
    { given: { body: users }, want: [] },
  ];
  it.each(cases)('$want', ({ given, want }) => {
    expect(
      findMoreSignals({ headers: given.headers ?? {}, body: given.body, ...(given.received === undefined ? {} : { received: given.received }) }).map(
        (s) => s.signal,
      ),
    ).toEqual(want);
  });
});

describe('an import without pagination against a paged answer', () => {
  let server: HandlerServer;
  beforeAll(async () => {
    server = await serveHandlers();
  });
  afterEach(() => server.reset());
  afterAll(() => server.close());

  const ALL = makeUsers(37);

  async function runImport(pagination?: Pagination, records = '.users'): Promise<{ ids?: string[]; error?: unknown }> {
    const connector = makeConnector({ actions: { importUsers: { ...usersImport, records, ...(pagination ? { pagination } : {}) } } });
    const client = connect(connector, {}, { egress: ALLOW_LOOPBACK, baseUrl: `${server.origin}/api`, sleep: noSleep });
    try {
      return { ids: (await client.importUsers().collect()).map((account) => account.id) };
    } catch (error) {
      return { error };
    } finally {
      await client.close();
    }
  }

  const page = ALL.slice(0, 25);
  const signals: Array<{ name: string; answer: () => Response; records?: string; want: string }> = [
    { name: 'more: true (25 of 37)', answer: () => HttpResponse.json({ users: page, more: true }), want: '"more": true' },
    { name: 'has_more', answer: () => HttpResponse.json({ users: page, has_more: true }), want: '"has_more": true' },
    { name: 'a next cursor', answer: () => HttpResponse.json({ users: page, next_cursor: 'c2' }), want: '"next_cursor" (a next cursor)' },
    { name: 'a next URL', answer: () => HttpResponse.json({ users: page, next: `/api/users?page=2` }), want: '"next" (a next page link)' },
    {
      name: '@odata.nextLink',
      answer: () => HttpResponse.json({ value: page, '@odata.nextLink': '/api/users?$skiptoken=2' }),
      records: '.value',
      want: '"@odata.nextLink" (a next page link)',
    },
    { name: 'next_page', answer: () => HttpResponse.json({ users: page, next_page: 2 }), want: '"next_page": 2 (a next page number)' },
    {
      name: 'Link: rel="next"',
      answer: () => HttpResponse.json({ users: page }, { headers: { link: '</api/users?page=2>; rel="next"' } }),
      want: 'Link: rel="next"',
    },
    { name: 'a total above what was received', answer: () => HttpResponse.json({ users: ALL.slice(0, 2), total: 3 }), want: '"total": 3 > 2 received' },
  ];

  it.each(signals)('$name fails with PAGINATION_MISSING naming the signal', async ({ answer, records, want }) => {
    server.use(http.get('*/api/users', () => answer()));
    const { ids, error } = await runImport(undefined, records);
    expect(ids).toBeUndefined();
    expect(isConnectorError(error) && error.code).toBe('PAGINATION_MISSING');
    expect((error as Error).message).toContain(want);
    expect((error as { hint?: string }).hint).toMatch(/pagination/u);
  });

  it('an explicit `type: none` is held to the same rule', async () => {
    server.use(http.get('*/api/users', () => HttpResponse.json({ users: page, more: true })));
    const { error } = await runImport({ type: 'none' });
    expect(isConnectorError(error) && error.code).toBe('PAGINATION_MISSING');
  });

  it('a complete answer (more: false, total reached, next null, no Link next) imports every record', async () => {
    server.use(
      http.get('*/api/users', () =>
        HttpResponse.json(
          { users: ALL, more: false, total: ALL.length, next: null, next_cursor: '' },
          { headers: { link: '</api/users?page=1>; rel="first"' } },
        ),
      ),
    );
    expect((await runImport()).ids).toEqual(ALL.map((user) => user.id));
  });

  it('a spec with pagination walks the same signal instead of failing', async () => {
    server.use(
      http.get('*/api/users', ({ request }) => {
        const offset = Number(new URL(request.url).searchParams.get('offset'));
        return HttpResponse.json({ users: ALL.slice(offset, offset + 25), more: offset + 25 < ALL.length });
      }),
    );
    expect((await runImport({ type: 'offset', limit: 25, more: '.more' })).ids).toEqual(ALL.map((user) => user.id));
  });
});
