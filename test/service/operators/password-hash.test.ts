/** scrypt password hashes: parameters and salt stored with the hash, a fresh salt each time, wrong or malformed never matches. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT, hashPassword, verifyPassword } from '../../../src/service/operators/password-hash.js';

// Small parameters keep the table fast; one case uses the defaults.
const FAST = { N: 2 ** 10, r: 8, p: 1 };

describe('hashPassword / verifyPassword', () => {
  it('stores N, r, p, a 16-byte salt and a 64-byte key, and never the password', async () => {
    const stored = await hashPassword('correct horse battery staple', DEFAULT_SCRYPT);
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(stored).not.toContain('horse');
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
  });

  it('salts each hash afresh', async () => {
    expect(await hashPassword('same password here', FAST)).not.toBe(await hashPassword('same password here', FAST));
  });

  it.each([
    { given: 'correct horse battery staple', want: true },
    { given: 'correct horse battery stapl', want: false },
    { given: 'Correct horse battery staple', want: false },
    { given: '', want: false },
  ])('verifies $given as $want', async ({ given, want }) => {
    expect(await verifyPassword(given, await hashPassword('correct horse battery staple', FAST))).toBe(want);
  });

  it.each(['', 'plain', 'scrypt$1024$8$1$salt', 'bcrypt$1024$8$1$c2FsdA$aGFzaA'])('matches nothing against the malformed hash %j', async (stored) => {
    expect(await verifyPassword('anything at all', stored)).toBe(false);
  });
});
