/** Retries through connect(): 429 with each header form, and which methods are sent twice. */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { connect } from '../../../src/runtime/connect.js';
import { makeConnector, makeUsers, usersImport } from '../fixtures.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';

let server: HandlerServer;
beforeAll(async () => {
  server = await serveHandlers();
});
afterEach(() => server.reset());
afterAll(() => server.close());

const now = Date.parse('2026-03-01T10:00:00Z');

function rateLimitedOnce(headers: Record<string, string>) {
  let calls = 0;
  return http.get('*/users', () => {
    calls += 1;
    return calls === 1 ? HttpResponse.json({ error: 'slow down' }, { status: 429, headers }) : HttpResponse.json({ users: makeUsers(2) });
  });
}

async function waitsFor(headers: Record<string, string>): Promise<number[]> {
  server.use(rateLimitedOnce(headers));
  const waits: number[] = [];
  const client = connect(
    makeConnector({ actions: { importUsers: usersImport } }),
    {},
    {
      egress: ALLOW_LOOPBACK,
      baseUrl: server.origin,
      now: () => now,
      random: () => 0.5,
      sleep: async (ms) => {
        waits.push(ms);
      },
    },
  );
  expect(await client.importUsers().collect()).toHaveLength(2);
  await client.close();
  return waits;
}

describe('429 handling', () => {
  it.each<{ form: string; headers: Record<string, string>; want: number[] }>([
    { form: 'Retry-After seconds', headers: { 'retry-after': '3' }, want: [3000] },
    { form: 'Retry-After HTTP date', headers: { 'retry-after': new Date(now + 5000).toUTCString() }, want: [5000] },
    { form: 'ratelimit-reset', headers: { 'ratelimit-reset': '2' }, want: [2000] },
    { form: 'x-ratelimit-reset seconds', headers: { 'x-ratelimit-reset': '4' }, want: [4000] },
    { form: 'x-ratelimit-reset epoch seconds', headers: { 'x-ratelimit-reset': String(now / 1000 + 7) }, want: [7000] },
    { form: 'no header (backoff with jitter)', headers: {}, want: [250] },
  ])('waits as $form says', async ({ headers, want }) => {
    expect(await waitsFor(headers)).toEqual(want);
  });

  it('gives up with RATE_LIMITED when the wait exceeds the retry budget', async () => {
    server.use(http.get('*/users', () => HttpResponse.json({}, { status: 429, headers: { 'retry-after': '3600' } })));
    const client = connect(
      makeConnector({ actions: { importUsers: usersImport } }),
      {},
      { egress: ALLOW_LOOPBACK, baseUrl: server.origin, sleep: async () => undefined },
    );
    await expect(client.importUsers().collect()).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect(server.requests).toHaveLength(1);
    await client.close();
  });
});

describe('which requests are retried', () => {
  const person = { email: 'a@x.test', name: 'A' };
  const create = (idempotent?: boolean) =>
    makeConnector({
      actions: { createUser: { method: 'POST', path: '/users', body: '{"email": {{user.email}}}', ...(idempotent === undefined ? {} : { idempotent }) } },
    });

  it('does not send a POST twice after a 503', async () => {
    server.use(http.post('*/users', () => HttpResponse.json({ error: 'busy' }, { status: 503 })));
    const client = connect(create(), {}, { egress: ALLOW_LOOPBACK, baseUrl: server.origin, sleep: async () => undefined });
    await expect(client.createUser(person)).rejects.toMatchObject({ code: 'TARGET_ERROR', status: 503 });
    expect(server.requests).toHaveLength(1);
    await client.close();
  });

  it('retries a POST marked idempotent', async () => {
    let calls = 0;
    server.use(
      http.post('*/users', () => ((calls += 1), calls < 3 ? HttpResponse.json({}, { status: 502 }) : HttpResponse.json({ id: 'n1' }, { status: 201 }))),
    );
    const client = connect(create(true), {}, { egress: ALLOW_LOOPBACK, baseUrl: server.origin, sleep: async () => undefined });
    expect(await client.createUser(person)).toMatchObject({ status: 201 });
    expect(server.requests).toHaveLength(3);
    await client.close();
  });

  it('retries a POST after a 429 (the target did not process it)', async () => {
    let calls = 0;
    server.use(
      http.post('*/users', () => ((calls += 1), calls === 1 ? HttpResponse.json({}, { status: 429 }) : HttpResponse.json({ id: 'n1' }, { status: 201 }))),
    );
    const client = connect(create(), {}, { egress: ALLOW_LOOPBACK, baseUrl: server.origin, sleep: async () => undefined });
    expect(await client.createUser(person)).toMatchObject({ status: 201 });
    expect(server.requests).toHaveLength(2);
    await client.close();
  });

  it('retries a DELETE after a reset, bounded by maxAttempts', async () => {
    server.use(http.delete('*/users/:id', () => HttpResponse.error()));
    const client = connect(
      makeConnector({ actions: { deleteUser: { method: 'DELETE', path: '/users/{account.id}' } } }),
      {},
      { egress: ALLOW_LOOPBACK, baseUrl: server.origin, sleep: async () => undefined, retry: { maxAttempts: 2 } },
    );
    await expect(client.deleteUser({ id: 'u1' })).rejects.toMatchObject({ code: 'NETWORK' });
    expect(server.requests).toHaveLength(2);
    await client.close();
  });
});

describe('PATCH (not idempotent, RFC 5789)', () => {
  const activate = (idempotent?: boolean) =>
    makeConnector({
      actions: {
        activateUser: { method: 'PATCH', path: '/users/{account.id}', body: '{"active": true}', ...(idempotent === undefined ? {} : { idempotent }) },
      },
    });

  it('is not sent twice after a 503 or a reset', async () => {
    server.use(http.patch('*/users/:id', () => HttpResponse.json({ error: 'busy' }, { status: 503 })));
    const client = connect(activate(), {}, { egress: ALLOW_LOOPBACK, baseUrl: server.origin, sleep: async () => undefined });
    await expect(client.activateUser({ id: 'u1' })).rejects.toMatchObject({ code: 'TARGET_ERROR', status: 503 });
    server.use(http.patch('*/users/:id', () => HttpResponse.error()));
    await expect(client.activateUser({ id: 'u1' })).rejects.toMatchObject({ code: 'NETWORK' });
    expect(server.requests).toHaveLength(2);
    await client.close();
  });

  it('is retried when the action is marked idempotent (the SCIM PATCH of `active`)', async () => {
    let calls = 0;
    server.use(http.patch('*/users/:id', () => ((calls += 1), calls === 1 ? HttpResponse.json({}, { status: 503 }) : HttpResponse.json({}))));
    const client = connect(activate(true), {}, { egress: ALLOW_LOOPBACK, baseUrl: server.origin, sleep: async () => undefined });
    expect(await client.activateUser({ id: 'u1' })).toMatchObject({ status: 200 });
    expect(server.requests).toHaveLength(2);
    await client.close();
  });
});

// Isolated, the page is parsed (and found cut off) in the jq worker, never on this thread: the same retries and errors.
describe.each([
  { where: 'jq isolated', isolation: {} },
  { where: 'jq on this thread', isolation: false as const },
])('a 200 whose JSON body is cut off ($where)', ({ isolation }) => {
  const full = JSON.stringify({ users: makeUsers(50) });
  const cutOff = (type = 'application/json') => new HttpResponse(full.slice(0, full.length / 2), { status: 200, headers: { 'content-type': type } });

  async function importWith(handler: Parameters<typeof server.use>[0], maxAttempts = 3) {
    server.use(handler);
    const client = connect(
      makeConnector({ actions: { importUsers: usersImport } }),
      {},
      { egress: ALLOW_LOOPBACK, baseUrl: server.origin, sleep: async () => undefined, retry: { maxAttempts }, jq: { isolation } },
    );
    try {
      return await client.importUsers().collect();
    } finally {
      await client.close();
    }
  }

  it('is fetched again, and the import yields every account', async () => {
    let calls = 0;
    const accounts = await importWith(
      http.get('*/users', () => ((calls += 1), calls === 1 ? cutOff() : new HttpResponse(full, { headers: { 'content-type': 'application/json' } }))),
    );
    expect(accounts).toHaveLength(50);
    expect(server.requests).toHaveLength(2);
  });

  it('fails with BAD_RESPONSE once the retries are spent', async () => {
    const failure = await importWith(
      http.get('*/users', () => cutOff()),
      2,
    ).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ code: 'BAD_RESPONSE', message: expect.stringContaining('the JSON body does not parse') });
    expect(server.requests).toHaveLength(2);
  });

  it('an HTML page is the wrong page, not a cut-off one: BAD_RESPONSE at once', async () => {
    const failure = await importWith(http.get('*/users', () => new HttpResponse('<html>login</html>', { headers: { 'content-type': 'text/html' } }))).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ code: 'BAD_RESPONSE', message: expect.stringContaining('not JSON (text/html)') });
    expect(server.requests).toHaveLength(1);
  });
});

describe('retry rules (retryOn)', () => {
  const limited = { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(now / 1000 + 6) };
  const spec = (retryOn?: Array<{ status: number; headers?: Record<string, string>; waitHeader?: string }>) =>
    makeConnector({
      ...(retryOn ? { retryOn } : {}),
      actions: { importUsers: usersImport, createUser: { method: 'POST', path: '/users', body: '{"email": {{user.email}}}' } },
    });

  async function createWith(retryOn: Parameters<typeof spec>[0]): Promise<{ waits: number[]; outcome: unknown }> {
    let calls = 0;
    server.use(
      http.post('*/users', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'API rate limit exceeded' }, { status: 403, headers: limited })
          : HttpResponse.json({ id: 'u1' }, { status: 201 });
      }),
    );
    const waits: number[] = [];
    const client = connect(
      spec(retryOn),
      {},
      { egress: ALLOW_LOOPBACK, baseUrl: server.origin, now: () => now, random: () => 0.5, sleep: async (ms) => void waits.push(ms) },
    );
    try {
      const outcome = await client.createUser({ email: 'a@example.com', name: 'A' }).then(
        () => 'created',
        (error: unknown) => error,
      );
      return { waits, outcome };
    } finally {
      await client.close();
    }
  }

  it('sends a POST again after a 403 the spec names as a rate limit, waiting until its reset', async () => {
    const { waits, outcome } = await createWith([{ status: 403, headers: { 'x-ratelimit-remaining': '0' }, waitHeader: 'x-ratelimit-reset' }]);
    expect(outcome).toBe('created');
    expect(waits).toEqual([6000]);
    expect(server.requests).toHaveLength(2);
  });

  it('leaves a 403 final without a rule', async () => {
    const { waits, outcome } = await createWith(undefined);
    expect(outcome).toMatchObject({ code: 'FORBIDDEN' });
    expect(waits).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });
});

describe('User-Agent', () => {
  it("sends lifecycle-connectors/<version> by default, and the spec's own when it sets one", async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
    const agents: Array<string | null> = [];
    server.use(
      http.get('*/users', ({ request }) => {
        agents.push(request.headers.get('user-agent'));
        return HttpResponse.json({ users: makeUsers(1) });
      }),
    );
    for (const headers of [undefined, { 'User-Agent': 'acme-idp/2' }]) {
      const client = connect(
        makeConnector({ ...(headers ? { headers } : {}), actions: { importUsers: usersImport } }),
        {},
        { egress: ALLOW_LOOPBACK, baseUrl: server.origin },
      );
      await client.importUsers().collect();
      await client.close();
    }
    expect(agents).toEqual([`lifecycle-connectors/${version}`, 'acme-idp/2']);
  });
});
