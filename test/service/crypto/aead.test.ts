/** AES-256-GCM sealing: fresh nonce per value, bound to its associated data and key. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { associatedData, seal, unseal } from '../../../src/service/crypto/aead.js';
import { parseKek } from '../../../src/service/crypto/kek.js';

const key = randomBytes(32);
const aad = associatedData(['credential', 't1', 'i1', 'token']);

describe('seal / unseal', () => {
  it('round-trips and uses a fresh 12-byte nonce for every value', () => {
    const first = seal(key, Buffer.from('s3cret'), aad);
    const second = seal(key, Buffer.from('s3cret'), aad);
    expect(Buffer.from(first.nonce, 'base64')).toHaveLength(12);
    expect(first.nonce).not.toBe(second.nonce);
    expect(first.ciphertext).not.toBe(second.ciphertext);
    expect(unseal(key, first, aad)?.toString()).toBe('s3cret');
  });

  it.each([
    { given: 'another field', open: (s: ReturnType<typeof seal>) => unseal(key, s, associatedData(['credential', 't1', 'i1', 'other'])) },
    { given: 'another integration', open: (s: ReturnType<typeof seal>) => unseal(key, s, associatedData(['credential', 't1', 'i2', 'token'])) },
    { given: 'another tenant', open: (s: ReturnType<typeof seal>) => unseal(key, s, associatedData(['credential', 't2', 'i1', 'token'])) },
    { given: 'another key', open: (s: ReturnType<typeof seal>) => unseal(randomBytes(32), s, aad) },
    {
      given: 'a flipped byte',
      open: (s: ReturnType<typeof seal>) =>
        unseal(key, { ...s, ciphertext: Buffer.from(Buffer.from(s.ciphertext, 'base64').map((b, i) => (i === 0 ? b ^ 1 : b))).toString('base64') }, aad),
    },
  ])('refuses to open with $given', ({ open }) => {
    expect(open(seal(key, Buffer.from('s3cret'), aad))).toBeUndefined();
  });

  it('keeps associated data parts apart (no two part lists encode alike)', () => {
    expect(associatedData(['a', 'bc']).equals(associatedData(['ab', 'c']))).toBe(false);
  });
});

describe('parseKek', () => {
  it.each(['', 'not base64!', Buffer.alloc(16).toString('base64'), Buffer.alloc(33).toString('base64')])(
    'refuses %j, naming the source and not the value',
    (text) => {
      expect(() => parseKek(text, 'CONNECTOR_KEK')).toThrow(
        expect.objectContaining({ code: 'KEY_INVALID', message: expect.stringContaining('CONNECTOR_KEK') }),
      );
    },
  );

  it('accepts 32 bytes of base64 and fingerprints it without revealing it', () => {
    const raw = randomBytes(32);
    const kek = parseKek(`${raw.toString('base64')}\n`, 'CONNECTOR_KEK');
    expect(kek.key.equals(raw)).toBe(true);
    expect(kek.fingerprint).toMatch(/^[0-9a-f]{32}$/);
    expect(kek.fingerprint).not.toContain(raw.toString('hex').slice(0, 8));
  });
});
