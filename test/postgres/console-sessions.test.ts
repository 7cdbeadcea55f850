/**
 * Console sessions on a PostgreSQL server, shared by two service processes: a session signed in
 * on one process is signed in on the other (no sticky routing), signing out on one ends it on
 * both; then the cases every database runs (restart, per-tenant limit, flood, throttling).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresStorage } from './helpers/postgres-storage.js';
import { describeConsoleSessions, send, signIn, signedIn, useSessionsHarness, type Browser } from '../service/console/console-sessions.cases.js';
import { cliEntry } from '../setup/cli-bundle.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const limits = { maxPerTenant: 3, maxFailuresPerUsername: 4, maxFailuresPerAddress: 12 };
const harness = useSessionsHarness(postgresStorage('console_sessions'), limits);

let child: ChildProcess | undefined;
let origin = '';

beforeAll(async () => {
  const { databaseUrl, env } = harness.options as { databaseUrl: string; env: Record<string, string> };
  child = spawn(process.execPath, [await cliEntry(), 'service', 'start', '--port', '0', '--no-workers', '--quiet'], {
    cwd: REPO,
    env: { ...process.env, DATABASE_URL: databaseUrl, CONNECTOR_KEK: env.CONNECTOR_KEK },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the second process did not start: ${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const address = /service listening on (http:\/\/[^\s]+) /.exec(output)?.[1];
      if (address) {
        clearTimeout(timer);
        resolve(address);
      }
    };
    child!.stdout!.on('data', read);
    child!.stderr!.on('data', read);
    child!.on('exit', () => reject(new Error(`the second process exited: ${output}`)));
  });
}, 90_000);

afterAll(async () => {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child!.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
});

/** A request to the other process, over its socket. */
async function other(browser: Browser, request: { method: 'GET' | 'POST'; path: string; form?: Record<string, string> }) {
  const body = request.form === undefined ? undefined : new URLSearchParams({ _csrf: browser.csrf ?? '', ...request.form }).toString();
  const response = await fetch(`${origin}${request.path}`, {
    method: request.method,
    redirect: 'manual',
    headers: { ...(browser.cookie ? { cookie: browser.cookie } : {}), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(body ? { body } : {}),
  });
  const text = await response.text();
  for (const line of response.headers.getSetCookie()) browser.cookie = /Max-Age=0/i.test(line) ? undefined : line.split(';')[0];
  const csrf = /name="_csrf" value="([^"]+)"/.exec(text)?.[1];
  if (csrf) browser.csrf = csrf;
  return { status: response.status, text };
}

describe('console sessions shared by two service processes (PostgreSQL)', () => {
  it('a session signed in on either process is signed in on the other; signing out on one ends it on both', async () => {
    // The other process runs on the real clock; this one's clock is set to it for this case.
    harness.clock.now = Date.now();
    const tenant = await harness.service.tenants.create({ name: 'Shared', plan: 'standard', actor: 'operator' });
    const token = (await harness.service.tokens.create({ tenantId: tenant.id, role: 'admin', actor: 'operator' })).token;

    const here: Browser = {};
    expect((await signIn(harness.api, here, { token })).statusCode).toBe(303);
    const page = await other(here, { method: 'GET', path: '/console/integrations' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Integrations</h1>');

    // Signed in over there, from a sign-in form served here: the form's token holds across processes too.
    const there: Browser = {};
    await send(harness.api, there, { method: 'GET', url: '/console/sign-in' });
    expect((await other(there, { method: 'POST', path: '/console/sign-in', form: { token } })).status).toBe(303);
    expect(await signedIn(harness.api, there)).toBe(true);

    const kept = { ...there };
    await other(there, { method: 'GET', path: '/console/integrations' });
    expect((await other(there, { method: 'POST', path: '/console/sign-out', form: {} })).status).toBe(303);
    expect(await signedIn(harness.api, kept)).toBe(false);
    expect((await other(here, { method: 'GET', path: '/console/integrations' })).status).toBe(200);
  });
});

describe('console sessions (PostgreSQL)', () => describeConsoleSessions(harness, limits));
