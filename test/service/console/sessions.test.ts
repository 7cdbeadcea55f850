/** Console sessions and their cookie: random ids, idle and absolute expiry, separate caps, cookie flags. */
import { describe, expect, it } from 'vitest';
import { clearedSessionCookie, parseCookies, sessionCookie } from '../../../src/service/console/cookies.js';
import { sessionStore } from '../../../src/service/console/sessions.js';

const limits = { idleMs: 1000, absoluteMs: 5000, maxAnonymous: 3, maxSignedIn: 2 };

describe('session store', () => {
  it('issues unguessable ids and CSRF tokens and finds a session by its id only', () => {
    const store = sessionStore(limits);
    const one = store.create('token-1');
    const two = store.create();
    expect(one.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set([one.id, one.csrf, two.id, two.csrf]).size).toBe(4);
    expect(store.get(one.id)).toMatchObject({ tokenId: 'token-1' });
    expect(store.get(two.id)?.tokenId).toBeUndefined();
    expect(store.get(undefined)).toBeUndefined();
    expect(store.get('guess')).toBeUndefined();
    store.destroy(one.id);
    expect(store.get(one.id)).toBeUndefined();
  });

  it('ends a session after the idle time, and after the absolute time however busy', () => {
    let now = 0;
    const store = sessionStore(limits, () => now);
    const idle = store.create('t');
    const busy = store.create('t');
    now = 900;
    expect(store.get(busy.id)).toBeDefined();
    now = 1800;
    expect(store.get(idle.id)).toBeUndefined();
    for (now = 1800; now <= 5000; now += 500) expect(store.get(busy.id)).toBeDefined();
    now = 5100;
    expect(store.get(busy.id)).toBeUndefined();
  });

  it('caps sessions before sign-in apart from signed-in ones, so a flood of the first evicts none of the second', () => {
    const store = sessionStore(limits);
    const signedIn = store.create('t');
    const first = store.create();
    for (let index = 0; index < 10; index += 1) store.create();
    expect(store.get(first.id)).toBeUndefined();
    expect(store.get(signedIn.id)).toBeDefined();
    store.create('u');
    store.create('v');
    expect(store.get(signedIn.id)).toBeUndefined();
  });
});

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, scoped to /console, Secure only over TLS', () => {
    expect(sessionCookie({ id: 'abc', secure: false })).toBe('console_session=abc; Path=/console; HttpOnly; SameSite=Lax');
    expect(sessionCookie({ id: 'abc', secure: true })).toBe('console_session=abc; Path=/console; HttpOnly; SameSite=Lax; Secure');
    expect(clearedSessionCookie({ secure: false })).toContain('Max-Age=0');
  });

  it('parses a Cookie header, the first of a repeated name winning', () => {
    expect(Object.fromEntries(parseCookies('a=1; console_session=x; console_session=y; junk; =z'))).toEqual({ a: '1', console_session: 'x' });
    expect(parseCookies(undefined).size).toBe(0);
  });
});
