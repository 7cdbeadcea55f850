/**
 * Transport failures through connect(): timeouts, resets and truncated bodies in the middle of
 * an import, the response size cap, and redirects (same origin followed, never across origins).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { connect } from '../../../src/runtime/connect.js';
import { ConnectorError } from '../../../src/runtime/errors.js';
import { makeConnector, makeUsers, noSleep, usersImport } from '../fixtures.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';

let server: HandlerServer;
let other: HandlerServer;
beforeAll(async () => {
  server = await serveHandlers();
  other = await serveHandlers(http.all('*', () => HttpResponse.json({ users: [] })));
});
afterEach(() => {
  server.reset();
  other.reset();
});
afterAll(async () => {
  await server.close();
  await other.close();
});

const ALL = makeUsers(30);
const paged = makeConnector({
  auth: { type: 'bearer' },
  inputs: { token: { label: 'Token', secret: true } },
  actions: { importUsers: { ...usersImport, pagination: { type: 'offset', limit: 10 } } },
});
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => new Error('no failure'),
    (error: unknown) => error,
  );

/** Offset pages where the page at `failAt` fails `times` times in the given way, then answers. */
function flakyPages(failAt: number, times: number, fail: () => Response) {
  let failures = 0;
  return http.get('*/users', ({ request }) => {
    const offset = Number(new URL(request.url).searchParams.get('offset'));
    if (offset === failAt && failures < times) {
      failures += 1;
      return fail();
    }
    return HttpResponse.json({ users: ALL.slice(offset, offset + 10) });
  });
}

describe('transport failures during an import', () => {
  it('retries a connection reset in the middle of an import and completes it', async () => {
    server.use(flakyPages(10, 2, () => HttpResponse.error()));
    const client = connect(paged, { token: 't0ken' }, { egress: ALLOW_LOOPBACK, baseUrl: server.origin, sleep: noSleep });
    expect(await client.importUsers().collect()).toHaveLength(30);
    await client.close();
  });

  it('retries a truncated body in the middle of an import and completes it', async () => {
    server.use(
      flakyPages(20, 1, () =>
        HttpResponse.text(JSON.stringify({ users: ALL.slice(20) }), { headers: { 'x-simulate-truncate': '25', 'content-type': 'application/json' } }),
      ),
    );
    const client = connect(paged, { token: 't0ken' }, { egress: ALLOW_LOOPBACK, baseUrl: server.origin, sleep: noSleep });
    expect(await client.importUsers().collect()).toHaveLength(30);
    await client.close();
  });

  it('ends the import with NETWORK (undici code as cause) when resets persist, after yielding earlier pages', async () => {
    server.use(flakyPages(10, 99, () => HttpResponse.error()));
    const client = connect(paged, { token: 't0ken' }, { egress: ALLOW_LOOPBACK, baseUrl: server.origin, sleep: noSleep, retry: { maxAttempts: 3 } });
    const seen: number[] = [];
    const error = await failure(
      (async () => {
        for await (const page of client.importUsers()) seen.push(page.accounts.length);
      })(),
    );
    expect(seen).toEqual([10]);
    expect(error).toMatchObject({ code: 'NETWORK', action: 'importUsers', method: 'GET' });
    expect(((error as ConnectorError).cause as { code?: string }).code).toMatch(/UND_ERR_SOCKET|ECONNRESET/);
    expect(server.requests.filter((request) => request.url.includes('offset=10'))).toHaveLength(3);
    await client.close();
  });

  it('turns a header timeout into TIMEOUT', async () => {
    server.use(http.get('*/users', () => new HttpResponse(null, { headers: { 'x-simulate-hang': '1' } })));
    const client = connect(
      paged,
      { token: 't0ken' },
      { egress: ALLOW_LOOPBACK, baseUrl: server.origin, sleep: noSleep, retry: { maxAttempts: 1 }, timeouts: { headersMs: 200 } },
    );
    expect(await failure(client.importUsers().collect())).toMatchObject({ code: 'TIMEOUT', message: expect.stringContaining('UND_ERR_HEADERS_TIMEOUT') });
    await client.close();
  });

  it('caps the response size while reading', async () => {
    server.use(http.get('*/users', () => HttpResponse.json({ users: makeUsers(200) })));
    const client = connect(paged, { token: 't0ken' }, { egress: ALLOW_LOOPBACK, baseUrl: server.origin, maxResponseBytes: 1000 });
    expect(await failure(client.importUsers().collect())).toMatchObject({ code: 'BAD_RESPONSE', message: expect.stringContaining('larger than 1000 bytes') });
    await client.close();
  });

  it('reports a body that is not JSON as BAD_RESPONSE', async () => {
    server.use(http.get('*/users', () => HttpResponse.html('<html>login</html>')));
    const client = connect(paged, { token: 't0ken' }, { egress: ALLOW_LOOPBACK, baseUrl: server.origin });
    expect(await failure(client.importUsers().collect())).toMatchObject({ code: 'BAD_RESPONSE', message: expect.stringContaining('not JSON (text/html') });
    await client.close();
  });
});

describe('redirects', () => {
  const single = makeConnector({ auth: { type: 'bearer' }, actions: { importUsers: usersImport } });

  it('follows a same-origin redirect with credentials', async () => {
    server.use(
      http.get('*/users', () => new HttpResponse(null, { status: 302, headers: { location: '/moved/list' } })),
      http.get('*/moved/list', () => HttpResponse.json({ users: ALL.slice(0, 2) })),
    );
    const client = connect(single, { token: 'tok-123' }, { egress: ALLOW_LOOPBACK, baseUrl: server.origin });
    expect(await client.importUsers().collect()).toHaveLength(2);
    expect(server.requests.map((request) => [request.url, request.headers.authorization])).toEqual([
      ['/users', 'Bearer tok-123'],
      ['/moved/list', 'Bearer tok-123'],
    ]);
    await client.close();
  });

  it('never follows a redirect to another origin, so credentials stay home', async () => {
    server.use(http.get('*/users', () => new HttpResponse(null, { status: 307, headers: { location: `${other.origin}/users` } })));
    const client = connect(single, { token: 'tok-123' }, { egress: ALLOW_LOOPBACK, baseUrl: server.origin });
    const error = await failure(client.importUsers().collect());
    expect(error).toMatchObject({ code: 'TARGET_ERROR', status: 307, hint: expect.stringContaining('not followed') });
    expect(other.requests).toHaveLength(0);
    await client.close();
  });
});
