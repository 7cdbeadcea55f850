/** Lowering fills defaults, never changes its input, and is idempotent. */
import { describe, expect, it } from 'vitest';
import { compileSpecText, validateSpecText } from '../../src/compiler/index.js';
import { lowerSpec } from '../../src/compiler/lower.js';
import { baseSpec, specText } from './helpers.js';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

function fullSpec(): Record<string, any> {
  const spec = baseSpec();
  spec.actions.importUsers.pagination = { type: 'offset', limit: 50 };
  spec.actions.deleteUser = { method: 'DELETE', path: '/users/{account.id}' };
  spec.actions.custom = { orderLaptop: { method: 'POST', path: '/orders' } };
  return spec;
}

describe('lowerSpec', () => {
  it.each([
    { given: 'bearer auth', path: ['auth'], want: { type: 'bearer', token: 'token', header: 'Authorization', prefix: 'Bearer ' } },
    { given: 'input flags', path: ['inputs', 'region'], want: { label: 'Region', default: 'eu', type: 'string', secret: false, required: false } },
    { given: 'import method, records and content type', path: ['actions', 'importUsers', 'method'], want: 'GET' },
    {
      given: 'pagination defaults',
      path: ['actions', 'importUsers', 'pagination'],
      want: { type: 'offset', limit: 50, offsetParam: 'offset', limitParam: 'limit', concurrency: 1, maxPages: 10000 },
    },
    { given: 'custom action plan', path: ['actions', 'custom', 'orderLaptop', 'plan'], want: 'business' },
  ])('fills $given', ({ path, want }) => {
    const lowered = lowerSpec(fullSpec()) as unknown as Record<string, any>;
    expect(path.reduce((v, k) => v?.[k], lowered)).toEqual(want);
  });

  it('fills the SCIM records path only when the spec has none', () => {
    const spec = fullSpec();
    delete spec.actions.importUsers.records;
    spec.actions.importUsers.pagination = { type: 'scim' };
    expect(lowerSpec(spec).actions.importUsers?.records).toBe('.Resources // []');
    spec.actions.importUsers.records = '.items';
    expect(lowerSpec(spec).actions.importUsers?.records).toBe('.items');
  });

  it('fills the pagination of every additional import list, and lower-cases retry rule headers', () => {
    const spec = fullSpec();
    spec.actions.importUsers.additionalLists = [
      { path: '/invitations', mapping: { id: '.id', email: '.email', name: '.email' }, pagination: { type: 'link' } },
    ];
    spec.retryOn = [{ status: 403, headers: { 'X-RateLimit-Remaining': '0' }, waitHeader: 'X-RateLimit-Reset' }];
    const lowered = lowerSpec(spec);
    expect(lowered.actions.importUsers?.additionalLists?.[0]).toMatchObject({
      method: 'GET',
      records: '.',
      pagination: { type: 'link', rel: 'next', maxPages: 10000 },
    });
    expect(lowered.retryOn).toEqual([{ status: 403, headers: { 'x-ratelimit-remaining': '0' }, waitHeader: 'x-ratelimit-reset' }]);
  });

  it('gives deleteUser no "already absent" rule of its own: a 404 alone proves nothing', () => {
    const lowered = lowerSpec(fullSpec());
    expect(lowered.actions.deleteUser?.outcomes).toBeUndefined();
    expect(lowered.actions.deleteUser?.absentOn).toBeUndefined();
  });

  it('lowers the old absentOn form to outcome rules that still need a JSON answer', () => {
    const spec = fullSpec();
    spec.actions.deleteUser.absentOn = [404, 410];
    spec.actions.deleteUser.outcomes = [{ status: 404, when: '.code == 7', means: 'alreadyAbsent' }];
    const lowered = lowerSpec(spec);
    expect(lowered.actions.deleteUser?.absentOn).toBeUndefined();
    expect(lowered.actions.deleteUser?.outcomes).toEqual([
      { status: 404, when: '.code == 7', means: 'alreadyAbsent' },
      { status: 404, when: 'true', means: 'alreadyAbsent' },
      { status: 410, when: 'true', means: 'alreadyAbsent' },
    ]);
  });

  it('settles whether each request may be sent again: by its method (RFC 9110), unless the spec says', () => {
    const spec = fullSpec();
    spec.actions.createUser = { method: 'POST', path: '/users' };
    spec.actions.activateUser = { method: 'PATCH', path: '/users/{account.id}', idempotent: true };
    spec.actions.deactivateUser = {
      steps: [
        { method: 'PUT', path: '/users/{account.id}/off' },
        { method: 'POST', path: '/users/{account.id}/logout' },
      ],
    };
    spec.lookups = { owner: { path: '/owner', value: '.id' }, search: { method: 'POST', path: '/search', value: '.id' } };
    spec.actions.importUsers.additionalLists = [
      { method: 'POST', path: '/invitations/search', records: '.', mapping: { id: '.id', email: '.email', name: '.name' } },
    ];
    const lowered = lowerSpec(spec) as Record<string, any>;
    expect(lowered.actions.importUsers.idempotent).toBe(true);
    expect(lowered.actions.importUsers.additionalLists[0].idempotent).toBe(false);
    expect(lowered.actions.createUser.idempotent).toBe(false);
    expect(lowered.actions.activateUser.idempotent).toBe(true);
    expect(lowered.actions.deleteUser.idempotent).toBe(true);
    expect(lowered.actions.deactivateUser.steps.map((step: { idempotent: boolean }) => step.idempotent)).toEqual([true, false]);
    expect(lowered.actions.custom.orderLaptop.idempotent).toBe(false);
    expect([lowered.lookups.owner.idempotent, lowered.lookups.search.idempotent]).toEqual([true, false]);
  });

  it('does not change its input', () => {
    const input = deepFreeze(fullSpec());
    const before = JSON.stringify(input);
    expect(() => lowerSpec(input)).not.toThrow();
    expect(JSON.stringify(input)).toBe(before);
  });

  it('is idempotent', () => {
    const once = lowerSpec(fullSpec());
    expect(lowerSpec(once)).toEqual(once);
    expect(JSON.stringify(lowerSpec(once))).toBe(JSON.stringify(once));
  });

  it('compiles the same text to equal, independent connectors', async () => {
    const text = specText(fullSpec());
    const first = await compileSpecText({ text, file: 'a.yaml' });
    const second = await compileSpecText({ text, file: 'a.yaml' });
    expect(second).toEqual(first);
    (first.spec.actions.importUsers as { path: string }).path = '/changed';
    expect(second.spec.actions.importUsers?.path).toBe('/users');
    expect((await validateSpecText({ text, file: 'a.yaml' })).spec?.actions.importUsers?.path).toBe('/users');
  });

  it('records <runtime> as the source of a spec compiled without a file', async () => {
    const connector = await compileSpecText({ text: specText(baseSpec()) });
    expect(connector.source).toBe('<runtime>');
  });
});
