import { describe, expect, it } from 'vitest';
import { computeRenewAt, TokenCache } from '../../../src/runtime/auth/oauth2/token-cache.js';

describe('computeRenewAt: expiry minus 30 s or 10 %, whichever is smaller', () => {
  it.each([
    { expiresIn: undefined, want: undefined },
    { expiresIn: 3600, want: 1000 + 3_600_000 - 30_000 },
    { expiresIn: 300, want: 1000 + 300_000 - 30_000 },
    { expiresIn: 100, want: 1000 + 100_000 - 10_000 },
    { expiresIn: 0, want: 1000 },
    { expiresIn: -5, want: 1000 },
  ])('expires_in $expiresIn -> $want', ({ expiresIn, want }) => {
    expect(computeRenewAt(1000, expiresIn)).toBe(want);
  });
});

describe('TokenCache', () => {
  it('after a failed fetch, the next request tries again', async () => {
    let calls = 0;
    const cache = new TokenCache({
      now: () => 0,
      fetchToken: async () => {
        calls += 1;
        if (calls === 1) throw new Error('down');
        return { accessToken: 'ok', refreshToken: undefined, expiresIn: undefined };
      },
    });
    const waiting = [cache.getAccessToken(), cache.getAccessToken()];
    await expect(Promise.all(waiting)).rejects.toThrow('down');
    expect(await cache.getAccessToken()).toBe('ok');
    expect(calls).toBe(2);
  });

  it('hands the fetched token to its caller even when it is already due for renewal', async () => {
    let calls = 0;
    const cache = new TokenCache({
      now: () => 0,
      fetchToken: async () => ({ accessToken: `t${++calls}`, refreshToken: undefined, expiresIn: 0 }),
    });
    expect(await cache.getAccessToken()).toBe('t1');
    expect(await cache.getAccessToken()).toBe('t2');
  });
});
