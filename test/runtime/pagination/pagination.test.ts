/**
 * Every pagination style against a fake target on a real socket, with its guard rails: maxPages,
 * repeated cursor/page/link, empty page, maxOffset, and SCIM's quirks.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { connect } from '../../../src/runtime/connect.js';
import type { Pagination } from '../../../generated/spec-types.js';
import { makeConnector, makeUsers, noSleep, usersImport } from '../fixtures.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';
import { crowdOf } from '../../service/helpers/crowd.js';

let server: HandlerServer;
beforeAll(async () => {
  server = await serveHandlers();
});
afterEach(() => server.reset());
afterAll(() => server.close());

const ALL = makeUsers(250);

// SCIM imports keep the default records path (`.Resources // []`, filled in by lower).
function clientFor(pagination: Pagination, records: string | undefined = pagination.type === 'scim' ? undefined : '.users') {
  const { records: _records, ...base } = usersImport;
  const connector = makeConnector({ actions: { importUsers: { ...base, ...(records === undefined ? {} : { records }), pagination } } });
  return connect(connector, {}, { egress: ALLOW_LOOPBACK, baseUrl: `${server.origin}/api`, sleep: noSleep });
}

async function importIds(pagination: Pagination, records?: string): Promise<string[]> {
  const client = clientFor(pagination, records);
  try {
    return (await client.importUsers().collect()).map((account) => account.id);
  } finally {
    await client.close();
  }
}

async function importError(pagination: Pagination, records?: string): Promise<unknown> {
  return importIds(pagination, records).then(
    () => new Error('import succeeded'),
    (error: unknown) => error,
  );
}

const query = (request: Request, name: string): number => Number(new URL(request.url).searchParams.get(name));

describe('offset pagination', () => {
  const offsetHandler = (opts: { withTotal?: boolean } = {}) =>
    http.get('*/api/users', ({ request }) => {
      const offset = query(request, 'offset');
      const limit = query(request, 'limit');
      return HttpResponse.json({ users: ALL.slice(offset, offset + limit), ...(opts.withTotal ? { total: ALL.length } : {}) });
    });

  it('walks every page and stops on the short page', async () => {
    server.use(offsetHandler());
    expect(await importIds({ type: 'offset', limit: 100 })).toEqual(ALL.map((user) => user.id));
    // The speculative prefetch past the end costs at most one extra request.
    expect(server.requests).toHaveLength(4);
  });

  it('with a known total fetches up to `concurrency` pages at once and yields them in order', async () => {
    let inFlight = 0;
    let peak = 0;
    // The first pages are held until three are in flight at once (bounded: a client that asks one
    // at a time shows in the peak after 5 s), however slowly a loaded machine opens their sockets.
    const crowd = crowdOf(3);
    server.use(
      http.get('*/api/users', async ({ request }) => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await crowd(inFlight);
        const offset = query(request, 'offset');
        // Later pages answer sooner, so out-of-order arrival is exercised.
        await new Promise((resolve) => setTimeout(resolve, 40 - offset / 10));
        inFlight -= 1;
        return HttpResponse.json({ users: ALL.slice(offset, offset + 25), total: ALL.length });
      }),
    );
    expect(await importIds({ type: 'offset', limit: 25, total: '.total', concurrency: 4 })).toEqual(ALL.map((user) => user.id));
    expect(peak).toBeGreaterThanOrEqual(3);
    expect(peak).toBeLessThanOrEqual(5);
    expect(server.requests).toHaveLength(10);
  });

  it('stops when `more` is false', async () => {
    server.use(
      http.get('*/api/users', ({ request }) =>
        HttpResponse.json({ users: ALL.slice(query(request, 'offset'), query(request, 'offset') + 10), more: query(request, 'offset') < 20 }),
      ),
    );
    expect(await importIds({ type: 'offset', limit: 10, more: '.more' })).toHaveLength(30);
  });

  it('fails instead of returning a partial list when the account exceeds maxOffset', async () => {
    server.use(offsetHandler());
    const error = await importError({ type: 'offset', limit: 100, maxOffset: 200 });
    expect(error).toMatchObject({ code: 'PAGINATION_FAILED', message: expect.stringContaining('more than offset paging can reach') });
  });

  it('fails when the target ignores the offset (a page repeats)', async () => {
    server.use(http.get('*/api/users', () => HttpResponse.json({ users: ALL.slice(0, 10) })));
    expect(await importError({ type: 'offset', limit: 10 })).toMatchObject({
      code: 'PAGINATION_FAILED',
      message: expect.stringContaining('repeats the previous page'),
    });
  });

  it('fails at maxPages while pages remain', async () => {
    server.use(offsetHandler());
    expect(await importError({ type: 'offset', limit: 50, maxPages: 2 })).toMatchObject({
      code: 'PAGINATION_FAILED',
      message: expect.stringContaining('maxPages (2)'),
    });
  });
});

describe('page pagination', () => {
  const pageHandler = http.get('*/api/users', ({ request }) => {
    const page = query(request, 'page');
    const size = query(request, 'per_page') || 100;
    return HttpResponse.json({ users: ALL.slice((page - 1) * size, page * size), pages: Math.ceil(ALL.length / size) });
  });

  it('walks pages from firstPage and stops on the short page', async () => {
    server.use(pageHandler);
    expect(await importIds({ type: 'page', sizeParam: 'per_page', size: 100 })).toHaveLength(250);
  });

  it('stops after totalPages', async () => {
    server.use(pageHandler);
    expect(await importIds({ type: 'page', sizeParam: 'per_page', size: 50, totalPages: '.pages' })).toHaveLength(250);
    expect(server.requests).toHaveLength(5);
  });

  it('stops on an empty page when the size is unknown', async () => {
    server.use(pageHandler);
    expect(await importIds({ type: 'page' })).toHaveLength(250);
  });

  it('fails when a page repeats (the page parameter is ignored)', async () => {
    server.use(http.get('*/api/users', () => HttpResponse.json({ users: ALL.slice(0, 5) })));
    expect(await importError({ type: 'page' })).toMatchObject({ code: 'PAGINATION_FAILED', message: expect.stringContaining('page 2 repeats') });
  });

  it('fails at maxPages', async () => {
    server.use(pageHandler);
    expect(await importError({ type: 'page', sizeParam: 'per_page', size: 10, maxPages: 3 })).toMatchObject({ code: 'PAGINATION_FAILED' });
  });
});

describe('cursor pagination', () => {
  const cursorHandler = http.get('*/api/users', ({ request }) => {
    const start = Number(new URL(request.url).searchParams.get('cursor') ?? '0');
    const next = start + 100 < ALL.length ? String(start + 100) : null;
    return HttpResponse.json({ users: ALL.slice(start, start + 100), meta: { next } });
  });

  it('follows the cursor until it is null', async () => {
    server.use(cursorHandler);
    expect(await importIds({ type: 'cursor', cursor: '.meta.next', param: 'cursor' })).toEqual(ALL.map((user) => user.id));
    expect(server.requests.map((request) => request.url)).toEqual(['/api/users', '/api/users?cursor=100', '/api/users?cursor=200']);
  });

  it('fails when a cursor repeats', async () => {
    server.use(http.get('*/api/users', () => HttpResponse.json({ users: ALL.slice(0, 2), meta: { next: 'same' } })));
    expect(await importError({ type: 'cursor', cursor: '.meta.next', param: 'cursor' })).toMatchObject({
      code: 'PAGINATION_FAILED',
      message: expect.stringContaining('cursor repeated'),
    });
  });

  it('stops on an empty page even with a cursor', async () => {
    server.use(
      http.get('*/api/users', ({ request }) =>
        HttpResponse.json({ users: new URL(request.url).searchParams.has('cursor') ? [] : ALL.slice(0, 3), meta: { next: 'x' } }),
      ),
    );
    expect(await importIds({ type: 'cursor', cursor: '.meta.next', param: 'cursor' })).toHaveLength(3);
  });
});

describe('link pagination', () => {
  it('follows rel="next" on the same origin', async () => {
    server.use(
      http.get('*/api/users', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
        const headers: Record<string, string> =
          page < 3 ? { link: `<${server.origin}/api/users?page=${page + 1}>; rel="next", </api/users?page=3>; rel="last"` } : {};
        return HttpResponse.json({ users: ALL.slice((page - 1) * 100, page * 100) }, { headers });
      }),
    );
    expect(await importIds({ type: 'link' })).toHaveLength(250);
  });

  it('refuses a next link to another origin', async () => {
    server.use(
      http.get('*/api/users', () => HttpResponse.json({ users: ALL.slice(0, 1) }, { headers: { link: '<http://evil.test/api/users?page=2>; rel="next"' } })),
    );
    expect(await importError({ type: 'link' })).toMatchObject({ code: 'PAGINATION_FAILED', message: expect.stringContaining('outside the base URL') });
  });

  it('fails when the next link repeats', async () => {
    server.use(http.get('*/api/users', () => HttpResponse.json({ users: ALL.slice(0, 1) }, { headers: { link: '</api/users?page=2>; rel="next"' } })));
    expect(await importError({ type: 'link' })).toMatchObject({ code: 'PAGINATION_FAILED', message: expect.stringContaining('link repeated') });
  });
});

describe('nextUrl pagination', () => {
  const pageOf = (request: Request): number => Number(new URL(request.url).searchParams.get('page') ?? '1');

  it('follows absolute and relative next URLs from the body until null', async () => {
    server.use(
      http.get('*/api/users', ({ request }) => {
        const page = pageOf(request);
        const next = page === 1 ? `${server.origin}/api/users?page=2` : page === 2 ? 'users?page=3' : null;
        return HttpResponse.json({ users: ALL.slice((page - 1) * 100, page * 100), links: { next } });
      }),
    );
    expect(await importIds({ type: 'nextUrl', next: '.links.next', sizeParam: 'per_page', size: 100 })).toEqual(ALL.map((user) => user.id));
    // The page size goes on the first request only; the next URLs carry what the target wants.
    expect(server.requests.map((request) => request.url)).toEqual(['/api/users?per_page=100', '/api/users?page=2', '/api/users?page=3']);
  });

  it('stops when the expression gives an empty string or nothing', async () => {
    server.use(http.get('*/api/users', () => HttpResponse.json({ users: ALL.slice(0, 3), links: { next: '' } })));
    expect(await importIds({ type: 'nextUrl', next: '.links.next' })).toHaveLength(3);
    expect(await importIds({ type: 'nextUrl', next: '.links.next | select(. != "")' })).toHaveLength(3);
  });

  it('refuses a next URL on another origin, and one outside the base path', async () => {
    server.use(http.get('*/api/users', () => HttpResponse.json({ users: ALL.slice(0, 1), next: 'http://evil.test/api/users?page=2' })));
    expect(await importError({ type: 'nextUrl', next: '.next' })).toMatchObject({
      code: 'PAGINATION_FAILED',
      message: expect.stringContaining('outside the base URL (http://evil.test'),
    });
    server.use(http.get('*/api/users', () => HttpResponse.json({ users: ALL.slice(0, 1), next: '/admin/users?page=2' })));
    expect(await importError({ type: 'nextUrl', next: '.next' })).toMatchObject({
      code: 'PAGINATION_FAILED',
      message: expect.stringContaining('outside the base URL'),
    });
    expect(server.requests.every((request) => request.url.startsWith('/api/users'))).toBe(true);
  });

  it('fails when the next URL repeats a page already read', async () => {
    server.use(
      http.get('*/api/users', ({ request }) =>
        HttpResponse.json({ users: ALL.slice(0, 2), next: pageOf(request) === 1 ? '/api/users?page=2' : '/api/users?page=2' }),
      ),
    );
    expect(await importError({ type: 'nextUrl', next: '.next' })).toMatchObject({
      code: 'PAGINATION_FAILED',
      message: expect.stringContaining('repeated after 2 pages'),
    });
  });

  it('fails at maxPages while the target still has more', async () => {
    server.use(http.get('*/api/users', ({ request }) => HttpResponse.json({ users: ALL.slice(0, 2), next: `/api/users?page=${pageOf(request) + 1}` })));
    expect(await importError({ type: 'nextUrl', next: '.next', maxPages: 3 })).toMatchObject({
      code: 'PAGINATION_FAILED',
      message: expect.stringContaining('maxPages (3)'),
    });
    expect(server.requests).toHaveLength(3);
  });

  it('fails when the expression gives something that is not a URL string', async () => {
    server.use(http.get('*/api/users', () => HttpResponse.json({ users: ALL.slice(0, 2), next: { href: '/api/users?page=2' } })));
    expect(await importError({ type: 'nextUrl', next: '.next' })).toMatchObject({ code: 'PAGINATION_FAILED', message: expect.stringContaining('not a URL') });
  });
});

describe('scim pagination', () => {
  type Quirks = { cap?: number; echoCount?: boolean; noTotal?: boolean; firstAgainPastEnd?: boolean; dropResourcesPastEnd?: boolean };
  const scimHandler = (quirks: Quirks = {}) =>
    http.get('*/api/users', ({ request }) => {
      const start = query(request, 'startIndex');
      const asked = query(request, 'count');
      const count = Math.min(asked, quirks.cap ?? asked);
      let slice = ALL.slice(start - 1, start - 1 + count);
      if (slice.length === 0 && quirks.firstAgainPastEnd) slice = ALL.slice(0, count);
      const body: Record<string, unknown> = {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
        itemsPerPage: quirks.echoCount ? asked : slice.length,
        startIndex: start,
      };
      if (!quirks.noTotal) body.totalResults = ALL.length;
      if (!(slice.length === 0 && quirks.dropResourcesPastEnd)) body.Resources = slice;
      return HttpResponse.json(body);
    });

  it('stops at totalResults', async () => {
    server.use(scimHandler());
    expect(await importIds({ type: 'scim', count: 100 })).toEqual(ALL.map((user) => user.id));
    expect(server.requests.map((request) => request.url)).toEqual([
      '/api/users?startIndex=1&count=100',
      '/api/users?startIndex=101&count=100',
      '/api/users?startIndex=201&count=100',
    ]);
  });

  it('tolerates a count capped below the request and itemsPerPage echoing the requested count', async () => {
    server.use(scimHandler({ cap: 30, echoCount: true }));
    expect(await importIds({ type: 'scim', count: 100 })).toEqual(ALL.map((user) => user.id));
  });

  it('tolerates missing Resources past the end without totalResults', async () => {
    server.use(scimHandler({ noTotal: true, dropResourcesPastEnd: true }));
    expect(await importIds({ type: 'scim', count: 100 })).toHaveLength(250);
  });

  it('never counts the first page twice when the server returns it again past the end', async () => {
    server.use(scimHandler({ noTotal: true, firstAgainPastEnd: true }));
    const ids = await importIds({ type: 'scim', count: 125 });
    expect(ids).toHaveLength(250);
    expect(new Set(ids).size).toBe(250);
  });

  it('fails when the server repeats a page before totalResults is reached', async () => {
    server.use(http.get('*/api/users', () => HttpResponse.json({ totalResults: 250, Resources: ALL.slice(0, 100) })));
    expect(await importError({ type: 'scim' })).toMatchObject({ code: 'PAGINATION_FAILED', message: expect.stringContaining('after 100 of 250 users') });
  });
});

describe('no pagination', () => {
  it('makes one request', async () => {
    server.use(http.get('*/api/users', () => HttpResponse.json({ users: ALL })));
    expect(await importIds({ type: 'none' })).toHaveLength(250);
    expect(server.requests).toHaveLength(1);
  });
});

describe('prefetch', () => {
  const handlers = {
    offset: http.get('*/api/users', ({ request }) => HttpResponse.json({ users: ALL.slice(query(request, 'offset'), query(request, 'offset') + 100) })),
    page: http.get('*/api/users', ({ request }) => HttpResponse.json({ users: ALL.slice((query(request, 'page') - 1) * 100, query(request, 'page') * 100) })),
    cursor: http.get('*/api/users', ({ request }) => {
      const start = Number(new URL(request.url).searchParams.get('cursor') ?? '0');
      return HttpResponse.json({ users: ALL.slice(start, start + 100), next: start + 100 < ALL.length ? String(start + 100) : null });
    }),
    link: http.get('*/api/users', ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
      return HttpResponse.json(
        { users: ALL.slice((page - 1) * 100, page * 100) },
        { headers: page < 3 ? { link: `</api/users?page=${page + 1}>; rel="next"` } : {} },
      );
    }),
  };
  it.each<{ style: keyof typeof handlers; pagination: Pagination; second: string }>([
    { style: 'offset', pagination: { type: 'offset', limit: 100 }, second: 'offset=100' },
    { style: 'page', pagination: { type: 'page', sizeParam: 'size', size: 100 }, second: 'page=2' },
    { style: 'cursor', pagination: { type: 'cursor', cursor: '.next', param: 'cursor' }, second: 'cursor=100' },
    { style: 'link', pagination: { type: 'link' }, second: 'page=2' },
  ])('$style: page 2 is requested while page 1 is still being consumed', async ({ style, pagination, second }) => {
    server.use(handlers[style]);
    const client = clientFor(pagination);
    const pages = client.importUsers()[Symbol.asyncIterator]();
    const first = await pages.next();
    expect(first.value?.accounts).toHaveLength(100);
    // The consumer has not asked for page 2, yet its request is under way.
    await vi.waitFor(() => expect(server.requests.map((request) => request.url).join(' ')).toContain(second), { timeout: 5000 });
    await pages.return?.(undefined);
    await client.close();
  });
});
