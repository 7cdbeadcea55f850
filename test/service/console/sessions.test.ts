/**
 * Console sessions' pure parts and their cookie: unguessable ids, sign-in forms that expire
 * without a row, the throttle's decision table, cookie flags. The database-backed behaviour is in
 * console-sessions.cases.ts.
 */
import { describe, expect, it } from 'vitest';
import fastifyCookie, { type SerializeOptions } from '@fastify/cookie';
import Fastify from 'fastify';
import { clearedCookieOptions, SESSION_COOKIE, sessionCookieOptions } from '../../../src/service/console/cookies.js';
import { consoleSessionOperations, deriveSessionKey } from '../../../src/service/operators/console-sessions.js';
import { decideSignIn, throttleKeys, type ThrottleLimits } from '../../../src/service/operators/sign-in-throttle.js';
import type { Database } from '../../../src/service/store/database.js';

/** No signed-in session exists: every lookup misses (pending sessions never reach a table). */
const queries: string[] = [];
const emptyDb = { query: async (text: string) => (queries.push(text), { rows: [] }) } as unknown as Database;

describe('sessions before sign-in', () => {
  let now = 1_000_000;
  const sessions = consoleSessionOperations({
    db: emptyDb,
    key: deriveSessionKey(Buffer.alloc(32, 7)),
    verifyToken: async () => undefined,
    verifyPassword: async () => undefined,
    options: { now: () => now, sessions: { signInFormMs: 5000 } },
  });

  it('issues unguessable ids with a CSRF token bound to each, writing nothing', async () => {
    queries.length = 0;
    const one = sessions.begin();
    const two = sessions.begin();
    expect(one.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(one.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set([one.id, one.csrf, two.id, two.csrf]).size).toBe(4);
    expect(await sessions.open(one.id)).toEqual(one);
    expect(await sessions.open(undefined)).toBeUndefined();
    expect(await sessions.open('guess')).toBeUndefined();
    expect(queries.every((text) => text.trim().startsWith('SELECT'))).toBe(true);
  });

  it('lets a sign-in form expire, and refuses a form "issued" in the future', async () => {
    const form = sessions.begin();
    now += 5000;
    expect(await sessions.open(form.id)).toBeDefined();
    now += 1;
    expect(await sessions.open(form.id)).toBeUndefined();
    const future = sessions.begin();
    now -= 10;
    expect(await sessions.open(future.id)).toBeUndefined();
  });

  it('binds the CSRF token to the key: another service key gives another token', () => {
    const other = consoleSessionOperations({
      db: emptyDb,
      key: deriveSessionKey(Buffer.alloc(32, 8)),
      verifyToken: async () => undefined,
      verifyPassword: async () => undefined,
    });
    const form = sessions.begin();
    expect(other.begin().csrf).not.toBe(form.csrf);
  });
});

describe('sign-in throttle decision', () => {
  const limits: ThrottleLimits = { windowMs: 1000, maxFailuresPerUsername: 3, maxFailuresPerAddress: 10 };
  const keys = throttleKeys({ address: '192.0.2.1', username: ' Ada ', limits });
  const all = [keys.address, keys.username!];
  // Counts include the attempt being decided.
  const cases: {
    name: string;
    counts: { key: 'address' | 'username'; windowStart: number; failures: number }[];
    now: number;
    want: ReturnType<typeof decideSignIn>;
  }[] = [
    { name: 'no count', counts: [], now: 0, want: { allowed: true } },
    { name: 'the attempt that reaches the username limit', counts: [{ key: 'username', windowStart: 0, failures: 3 }], now: 10, want: { allowed: true } },
    {
      name: 'the attempt past the username limit',
      counts: [{ key: 'username', windowStart: 0, failures: 4 }],
      now: 10,
      want: { allowed: false, retryAfterMs: 990 },
    },
    { name: 'the window has passed', counts: [{ key: 'username', windowStart: 0, failures: 30 }], now: 1000, want: { allowed: true } },
    { name: 'the username limit does not apply to the address', counts: [{ key: 'address', windowStart: 0, failures: 4 }], now: 10, want: { allowed: true } },
    {
      name: 'the attempt past the address limit',
      counts: [{ key: 'address', windowStart: 100, failures: 11 }],
      now: 200,
      want: { allowed: false, retryAfterMs: 900 },
    },
    {
      name: 'both past: the later end',
      counts: [
        { key: 'address', windowStart: 100, failures: 11 },
        { key: 'username', windowStart: 500, failures: 4 },
      ],
      now: 600,
      want: { allowed: false, retryAfterMs: 900 },
    },
  ];
  for (const { name, counts, now, want } of cases) {
    it(name, () => {
      const given = counts.map((count) => ({ keyHash: keys[count.key]!.hash, windowStart: count.windowStart, failures: count.failures }));
      expect(decideSignIn({ keys: all, counts: given, limits, now })).toEqual(want);
    });
  }

  it('counts a username as sign-in reads it (case and spaces folded), and never keeps the text', () => {
    expect(throttleKeys({ address: 'x', username: 'ada', limits }).username!.hash).toBe(keys.username!.hash);
    expect(keys.username!.hash).not.toContain('ada');
    expect(keys.address.hash).not.toBe(throttleKeys({ address: '192.0.2.2', limits }).address.hash);
  });
});

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, scoped to /console, Secure only over TLS, as @fastify/cookie writes it', async () => {
    const app = Fastify();
    await app.register(fastifyCookie);
    await app.ready();
    expect(app.serializeCookie(SESSION_COOKIE, 'abc', sessionCookieOptions({ secure: false }) as SerializeOptions)).toBe(
      'console_session=abc; Path=/console; HttpOnly; SameSite=Lax',
    );
    expect(app.serializeCookie(SESSION_COOKIE, 'abc', sessionCookieOptions({ secure: true }) as SerializeOptions)).toBe(
      'console_session=abc; Path=/console; HttpOnly; Secure; SameSite=Lax',
    );
    expect(app.serializeCookie(SESSION_COOKIE, '', clearedCookieOptions({ secure: false }) as SerializeOptions)).toContain('Max-Age=0');
    await app.close();
  });

  it('is read from a Cookie header, the first of a repeated name winning', async () => {
    const app = Fastify();
    await app.register(fastifyCookie);
    app.get('/', async (request) => request.cookies);
    const answer = await app.inject({ url: '/', headers: { cookie: 'a=1; console_session=x; console_session=y; junk; =z' } });
    expect(answer.json()).toMatchObject({ a: '1', console_session: 'x' });
    await app.close();
  });
});
