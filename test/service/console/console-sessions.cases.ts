/**
 * Console sessions in the database, through the console's front door: they survive a restart of
 * the service, the database holds only the SHA-256 of an id, one tenant's sign-ins never end
 * another tenant's sessions, a flood of anonymous sign-in pages stores nothing and breaks no real
 * sign-in, and sign-in is throttled per username and per client address on a clock the test
 * moves. Shared by the embedded run and test/postgres/.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildHttpApp, type HttpApp } from '../../../src/service/http/build-app.js';
import { openService, type Service, type ServiceOptions } from '../../../src/service/index.js';
import { openDatabase } from '../../../src/service/store/open-database.js';
import type { StorageSetup } from '../helpers/service-fixture.js';

const PASSWORD = 'correct horse battery staple';
const WINDOW_MS = 10 * 60_000;

export interface Browser {
  cookie?: string;
  csrf?: string;
}

export interface SessionsHarness {
  service: Service;
  api: HttpApp;
  options: ServiceOptions;
  clock: { now: number };
  /** Closes the service and opens it again on the same storage (a restart). */
  restart(): Promise<void>;
}

const CSRF = /name="_csrf" value="([^"]+)"/;

export async function send(api: HttpApp, browser: Browser, request: { method: 'GET' | 'POST'; url: string; form?: Record<string, string>; address?: string }) {
  const form = request.form === undefined ? undefined : new URLSearchParams({ _csrf: browser.csrf ?? '', ...request.form }).toString();
  const response = await api.app.inject({
    method: request.method,
    url: request.url,
    remoteAddress: request.address ?? '127.0.0.1',
    headers: { ...(browser.cookie ? { cookie: browser.cookie } : {}), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(form ? { payload: form } : {}),
  });
  const setCookie = response.headers['set-cookie'];
  for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
    browser.cookie = /Max-Age=0/i.test(line) ? undefined : line.split(';')[0];
  const csrf = CSRF.exec(response.body)?.[1];
  if (csrf) browser.csrf = csrf;
  return response;
}

/** Opens the sign-in page and signs in; the POST's answer. */
export async function signIn(api: HttpApp, browser: Browser, form: Record<string, string>, address?: string) {
  await send(api, browser, { method: 'GET', url: '/console/sign-in', address });
  return send(api, browser, { method: 'POST', url: '/console/sign-in', form, address });
}

export const signedIn = async (api: HttpApp, browser: Browser) =>
  (await send(api, browser, { method: 'GET', url: '/console/integrations' })).statusCode === 200;

export function useSessionsHarness(
  storage: StorageSetup,
  limits: { maxPerTenant: number; maxFailuresPerUsername: number; maxFailuresPerAddress: number },
): SessionsHarness {
  const harness = { clock: { now: Date.parse('2026-01-05T09:00:00Z') } } as SessionsHarness;
  const open = async () => {
    harness.service = await openService(harness.options);
    harness.api = await buildHttpApp({ service: harness.service });
  };
  beforeAll(async () => {
    harness.options = {
      ...(await storage.options()),
      console: {
        now: () => harness.clock.now,
        sessions: { maxPerTenant: limits.maxPerTenant },
        throttle: { windowMs: WINDOW_MS, maxFailuresPerUsername: limits.maxFailuresPerUsername, maxFailuresPerAddress: limits.maxFailuresPerAddress },
      },
    } as ServiceOptions;
    await open();
  });
  afterAll(async () => {
    await harness.api?.app.close();
    await harness.service?.close();
    await storage.cleanup();
  });
  harness.restart = async () => {
    await harness.api.app.close();
    await harness.service.close();
    await open();
  };
  return harness;
}

async function tenantWithOperator(service: Service, name: string) {
  const tenant = await service.tenants.create({ name, plan: 'standard', actor: 'operator' });
  const token = await service.tokens.create({ tenantId: tenant.id, role: 'admin', actor: 'operator' });
  const username = `${name.toLowerCase().replace(/[^a-z0-9]/g, '')}-${tenant.id.slice(0, 8)}`;
  await service.operators.create({ tenantId: tenant.id, username, password: PASSWORD, role: 'viewer', actor: 'operator' });
  return { tenant, token: token.token, username };
}

const cookieValue = (browser: Browser) => browser.cookie!.split('=')[1]!;

export function describeConsoleSessions(harness: SessionsHarness, limits: { maxPerTenant: number; maxFailuresPerUsername: number }): void {
  it('keeps signed-in sessions across a restart, and the database holds only the SHA-256 of their ids', async () => {
    const one = await tenantWithOperator(harness.service, 'Restart A');
    const byToken: Browser = {};
    const byPassword: Browser = {};
    expect((await signIn(harness.api, byToken, { token: one.token })).statusCode).toBe(303);
    expect((await signIn(harness.api, byPassword, { method: 'password', username: one.username, password: PASSWORD })).statusCode).toBe(303);
    await harness.restart();
    expect(await signedIn(harness.api, byToken)).toBe(true);
    expect(await signedIn(harness.api, byPassword)).toBe(true);
    // The forms of a page served before the restart still carry a valid CSRF token after it.
    const page = await send(harness.api, byToken, { method: 'GET', url: '/console/integrations' });
    expect(page.statusCode).toBe(200);
    const ids = [cookieValue(byToken), cookieValue(byPassword)];
    await harness.api.app.close();
    await harness.service.close();
    const db = await openDatabase(harness.options as Parameters<typeof openDatabase>[0]);
    try {
      const { rows } = await db.query<{ row: string; id_hash: string }>('SELECT t::text AS row, id_hash FROM console_sessions t');
      for (const id of ids) {
        expect(rows.some((row) => row.row.includes(id))).toBe(false);
        expect(rows.map((row) => row.id_hash)).toContain(createHash('sha256').update(id).digest('base64url'));
      }
    } finally {
      await db.close();
    }
    harness.service = await openService(harness.options);
    harness.api = await buildHttpApp({ service: harness.service });
    // Signing out ends the session in the database: the old cookie is not signed in any more.
    const kept = { ...byToken };
    await send(harness.api, byToken, { method: 'POST', url: '/console/sign-out', form: {} });
    expect(await signedIn(harness.api, kept)).toBe(false);
  });

  it('ends a session once its token is revoked, as before', async () => {
    const one = await tenantWithOperator(harness.service, 'Revoke');
    const browser: Browser = {};
    await signIn(harness.api, browser, { token: one.token });
    expect(await signedIn(harness.api, browser)).toBe(true);
    const [token] = await harness.service.tokens.list({ tenantId: one.tenant.id });
    await harness.service.tokens.revoke({ tenantId: one.tenant.id, tokenId: token!.tokenId, actor: 'operator' });
    expect(await signedIn(harness.api, browser)).toBe(false);
  });

  it("refuses to let tenant B's many sign-ins sign out tenant A: the limit is per tenant", async () => {
    const a = await tenantWithOperator(harness.service, 'Evict A');
    const b = await tenantWithOperator(harness.service, 'Evict B');
    const alice: Browser = {};
    await signIn(harness.api, alice, { token: a.token });
    const bobs: Browser[] = [];
    for (let index = 0; index < limits.maxPerTenant * 4; index += 1) {
      const bob: Browser = {};
      expect((await signIn(harness.api, bob, { token: b.token })).statusCode).toBe(303);
      bobs.push(bob);
    }
    expect(await signedIn(harness.api, alice)).toBe(true);
    // B's own oldest sessions made room: B keeps exactly its limit, the newest.
    const live = [];
    for (const bob of bobs) live.push(await signedIn(harness.api, bob));
    expect(live).toEqual(bobs.map((_, index) => index >= bobs.length - limits.maxPerTenant));
  });

  it('refuses to let a flood of anonymous sign-in pages break a real sign-in; a forged sign-in form is still refused', async () => {
    const a = await tenantWithOperator(harness.service, 'Flood');
    const operator: Browser = {};
    await send(harness.api, operator, { method: 'GET', url: '/console/sign-in' });
    for (let index = 0; index < 500; index += 1) {
      const page = await send(harness.api, {}, { method: 'GET', url: '/console/sign-in', address: `10.1.${index >> 8}.${index & 255}` });
      expect(page.statusCode).toBe(200);
    }
    const answer = await send(harness.api, operator, {
      method: 'POST',
      url: '/console/sign-in',
      form: { method: 'password', username: a.username, password: PASSWORD },
    });
    expect(answer.statusCode).toBe(303);
    expect(await signedIn(harness.api, operator)).toBe(true);
    // A forged sign-in form (a cookie value without the matching token) is still refused.
    const forged: Browser = { cookie: operator.cookie!.replace(/=.*/, `=${'A'.repeat(43)}`), csrf: operator.csrf };
    expect((await send(harness.api, forged, { method: 'POST', url: '/console/sign-in', form: { token: a.token } })).statusCode).toBe(403);
  });

  it('throttles sign-in per username: the right password is refused after N wrong ones until the window passes, alike for unknown usernames', async () => {
    const a = await tenantWithOperator(harness.service, 'Throttle');
    const browser: Browser = {};
    const attempt = (username: string, password: string, address = '192.0.2.10') =>
      signIn(harness.api, browser, { method: 'password', username, password }, address);
    for (let index = 0; index < limits.maxFailuresPerUsername; index += 1) expect((await attempt(a.username, 'wrong password entirely')).statusCode).toBe(401);
    // From another address too: the count is the username's.
    const refused = await attempt(a.username, PASSWORD, '192.0.2.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(WINDOW_MS / 1000));
    expect(refused.body).toContain('Too many sign-in attempts');
    for (let index = 0; index < limits.maxFailuresPerUsername; index += 1)
      expect((await attempt('nobody-by-this-name', 'wrong password entirely', '192.0.2.11')).statusCode).toBe(401);
    const unknown = await attempt('nobody-by-this-name', PASSWORD, '192.0.2.99');
    expect(unknown.statusCode).toBe(429);
    const strip = (body: string) => body.replace(CSRF, '').replace(/value="[^"]*"/g, '');
    expect(strip(unknown.body)).toBe(strip(refused.body));
    harness.clock.now += WINDOW_MS - 1000;
    expect((await attempt(a.username, PASSWORD, '192.0.2.99')).statusCode).toBe(429);
    harness.clock.now += 1000;
    expect((await attempt(a.username, PASSWORD, '192.0.2.99')).statusCode).toBe(303);
  });

  it('counts an attempt before checking it: of a parallel burst of wrong passwords, only the limit is checked', async () => {
    const a = await tenantWithOperator(harness.service, 'Burst');
    const forms: Browser[] = [];
    for (let index = 0; index < limits.maxFailuresPerUsername + 4; index += 1) {
      const browser: Browser = {};
      await send(harness.api, browser, { method: 'GET', url: '/console/sign-in' });
      forms.push(browser);
    }
    const answers = await Promise.all(
      forms.map((browser, index) =>
        send(harness.api, browser, {
          method: 'POST',
          url: '/console/sign-in',
          form: { method: 'password', username: a.username, password: 'wrong password entirely' },
          address: `203.0.113.${index}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(limits.maxFailuresPerUsername).fill(401), ...Array(4).fill(429)]);
    harness.clock.now += WINDOW_MS;
  });

  it('throttles sign-in per client address, for tokens and passwords, whatever usernames it tries', async () => {
    const a = await tenantWithOperator(harness.service, 'Address');
    const browser: Browser = {};
    const address = '198.51.100.7';
    for (let index = 0; index < 20; index += 1) {
      const answer = await signIn(
        harness.api,
        browser,
        index % 2 ? { token: `lcs_${'x'.repeat(43)}` } : { method: 'password', username: `guess-${index}`, password: 'wrong password entirely' },
        address,
      );
      if (answer.statusCode === 429) break;
      expect(answer.statusCode).toBe(401);
    }
    expect((await signIn(harness.api, browser, { token: a.token }, address)).statusCode).toBe(429);
    expect((await signIn(harness.api, browser, { token: a.token }, '198.51.100.8')).statusCode).toBe(303);
    harness.clock.now += WINDOW_MS;
    expect((await signIn(harness.api, {}, { token: a.token }, address)).statusCode).toBe(303);
  });
}
