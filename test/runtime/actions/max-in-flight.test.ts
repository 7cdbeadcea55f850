/**
 * An action's `maxInFlight` through connect(): one connection never has more of that action's
 * requests at the target at once, failed calls free their slot, other actions and other
 * connections are not held back.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { delay, http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { connect } from '../../../src/runtime/connect.js';
import { makeConnector } from '../fixtures.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';
import { crowdOf } from '../../service/helpers/crowd.js';

/** Requests in flight at the fake target, per path, and the most seen at once. */
const load = { inFlight: new Map<string, number>(), peak: new Map<string, number>() };
/**
 * Set by a case that expects that many requests of one path at the target at once (`crowdOf`: each is
 * held until they are, or 5 s have passed: a cap below the size then shows in the peak). Unset, each
 * is held 150 ms, long enough that calls fired together overlap.
 */
let crowd: ((inFlight: number) => Promise<void>) | undefined;

async function held(path: string, answer: () => Response): Promise<Response> {
  const now = (load.inFlight.get(path) ?? 0) + 1;
  load.inFlight.set(path, now);
  load.peak.set(path, Math.max(load.peak.get(path) ?? 0, now));
  await (crowd ? crowd(now) : delay(150));
  load.inFlight.set(path, (load.inFlight.get(path) ?? 1) - 1);
  return answer();
}

let server: HandlerServer;
beforeAll(async () => {
  server = await serveHandlers(
    http.post('*/users', async ({ request }) => {
      const { email } = (await request.json()) as { email: string };
      // p0 and p10 are refused: a failed call must free its slot like a successful one.
      return held('/users', () =>
        email.endsWith('0@x.io') ? HttpResponse.json({ error: 'no' }, { status: 422 }) : HttpResponse.json({ id: email }, { status: 201 }),
      );
    }),
    http.post('*/orders', () => held('/orders', () => HttpResponse.json({ ok: true }, { status: 201 }))),
  );
});
afterEach(() => {
  server.reset();
  load.inFlight.clear();
  load.peak.clear();
  crowd = undefined;
});
afterAll(() => server.close());

const connectorWith = (cap: { create?: number; order?: number }) =>
  makeConnector({
    actions: {
      createUser: { method: 'POST', path: '/users', body: '{"email": {{user.email}}}', ...(cap.create && { maxInFlight: cap.create }) },
      custom: { orderAsset: { method: 'POST', path: '/orders', body: '{}', ...(cap.order && { maxInFlight: cap.order }) } },
    },
  });
const people = (count: number) => Array.from({ length: count }, (_, index) => ({ email: `p${index}@x.io`, name: `P ${index}` }));

describe('maxInFlight', () => {
  it('keeps at most maxInFlight requests of the action at the target, and every call completes', async () => {
    const client = connect(connectorWith({ create: 3 }), {}, { egress: ALLOW_LOOPBACK, baseUrl: server.origin, retry: { maxAttempts: 1 } });
    const results = await Promise.allSettled(people(12).map((person) => client.createUser(person)));
    expect(load.peak.get('/users')).toBeLessThanOrEqual(3);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(2);
    expect(server.requests).toHaveLength(12);
    await client.close();
  });

  it('without it, the same calls all reach the target at once', async () => {
    const client = connect(connectorWith({}), {}, { egress: ALLOW_LOOPBACK, baseUrl: server.origin, retry: { maxAttempts: 1 } });
    crowd = crowdOf(4);
    await Promise.allSettled(people(12).map((person) => client.createUser(person)));
    expect(load.peak.get('/users')).toBeGreaterThan(3);
    await client.close();
  });

  it('caps custom actions too, each action on its own', async () => {
    const client = connect(connectorWith({ create: 2, order: 1 }), {}, { egress: ALLOW_LOOPBACK, baseUrl: server.origin, retry: { maxAttempts: 1 } });
    const orders = Array.from({ length: 4 }, () => client.runCustomAction('orderAsset', {}));
    const creates = people(4).map((person) => client.createUser(person));
    await Promise.allSettled([...orders, ...creates]);
    expect(load.peak.get('/orders')).toBe(1);
    expect(load.peak.get('/users')).toBeLessThanOrEqual(2);
    expect(server.requests).toHaveLength(8);
    await client.close();
  });

  it('caps per connection: two connections each have their own slots', async () => {
    const connector = connectorWith({ order: 1 });
    const clients = [1, 2].map(() => connect(connector, {}, { egress: ALLOW_LOOPBACK, baseUrl: server.origin, retry: { maxAttempts: 1 } }));
    crowd = crowdOf(2);
    await Promise.all(clients.flatMap((client) => [client.runCustomAction('orderAsset', {}), client.runCustomAction('orderAsset', {})]));
    expect(load.peak.get('/orders')).toBe(2);
    await Promise.all(clients.map((client) => client.close()));
  });
});
