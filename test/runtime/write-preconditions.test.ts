/** A write action's `requires` (checked before sending) and `generate` (one-time passwords). */
import { describe, expect, it } from 'vitest';
import { checkRequired, generatePassword, missingRequired } from '../../src/runtime/actions/write-preconditions.js';
import type { CompiledRequest } from '../../src/runtime/compile-connector.js';

describe('missingRequired', () => {
  it.each([
    { given: { user: { email: 'a@b.c' }, inputs: { upnDomain: 'acme.test' } }, want: [] },
    { given: { user: { email: '' }, inputs: { upnDomain: 'acme.test' } }, want: ['user.email'] },
    { given: { user: { email: '  ' }, inputs: {} }, want: ['user.email', 'inputs.upnDomain'] },
    { given: { user: null, inputs: { upnDomain: null } }, want: ['user.email', 'inputs.upnDomain'] },
    { given: {}, want: ['user.email', 'inputs.upnDomain'] },
  ])('$given -> $want', ({ given, want }) => {
    expect(missingRequired(['user.email', 'inputs.upnDomain'], given)).toEqual(want);
  });

  it('refuses with CONFIG naming every missing value and where to set an input', () => {
    const request = { name: 'createUser', requires: ['user.email', 'inputs.upnDomain'] } as CompiledRequest;
    expect(() => checkRequired(request, { user: { email: '' }, inputs: {} })).toThrow(
      expect.objectContaining({
        code: 'CONFIG',
        message: 'createUser: needs user.email, inputs.upnDomain, which are missing or empty; nothing was sent',
        hint: expect.stringContaining('upnDomain'),
      }),
    );
    expect(() => checkRequired(request, { user: { email: 'a@b.c' }, inputs: { upnDomain: 'acme.test' } })).not.toThrow();
  });
});

describe('generatePassword', () => {
  it('gives the asked length with a lower case letter, an upper case letter, a digit and a symbol, different each time', () => {
    const passwords = Array.from({ length: 200 }, () => generatePassword(12));
    for (const password of passwords) expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z\d]).{12}$/u);
    expect(new Set(passwords).size).toBe(200);
    expect(generatePassword(40)).toHaveLength(40);
  });
});
