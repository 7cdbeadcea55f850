/** Editing one action of a spec's text: table of changes and the YAML they give; the rest of the spec (comments included) stays. */
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { pickActionConfig, writeActionConfig } from '../../../src/service/integrations/action-config.js';
import { isServiceError } from '../../../src/service/service-error.js';
import { BYO_SPEC } from './byo-specs.js';

const actionsOf = (text: string) => (parse(text) as { actions: Record<string, any> }).actions;

describe('writeActionConfig', () => {
  it.each([
    {
      given: { action: 'deleteUser', change: { path: '/v2/users/{account.id}' } },
      want: (actions: any) => expect(actions.deleteUser).toEqual({ method: 'DELETE', path: '/v2/users/{account.id}', success: [204] }),
    },
    {
      given: { action: 'deleteUser', change: { success: null } },
      want: (actions: any) => expect(actions.deleteUser).toEqual({ method: 'DELETE', path: '/users/{account.id}' }),
    },
    {
      given: { action: 'importUsers', change: { mapping: { id: '.id', email: '.mail' } } },
      want: (actions: any) => expect(actions.importUsers.mapping).toEqual({ id: '.id', email: '.mail' }),
    },
    {
      given: { action: 'createUser', change: { method: 'POST', path: '/users' } },
      want: (actions: any) => expect(actions.createUser).toEqual({ method: 'POST', path: '/users' }),
    },
    {
      given: { action: 'orderAsset', change: { body: '{"asset": {{vars.asset}}}' } },
      want: (actions: any) => expect(actions.custom.orderAsset.body).toBe('{"asset": {{vars.asset}}}'),
    },
  ])('$given.action $given.change', ({ given, want }) => {
    const text = writeActionConfig({ specText: BYO_SPEC, ...given });
    want(actionsOf(text));
    // Only that action changed.
    const before = actionsOf(BYO_SPEC);
    const after = actionsOf(text);
    for (const name of Object.keys(before))
      if (name !== given.action && !(name === 'custom' && given.action === 'orderAsset')) expect(after[name], name).toEqual(before[name]);
  });

  it('keeps comments', () => {
    const text = writeActionConfig({ specText: `# our pager\n${BYO_SPEC}`, action: 'deleteUser', change: { path: '/x/{account.id}' } });
    expect(text.startsWith('# our pager\n')).toBe(true);
  });

  it.each([
    { action: 'deleteUser', change: {}, code: 'INVALID_INPUT' },
    { action: 'deleteUser', change: { label: 'x' }, code: 'INVALID_INPUT' },
    { action: 'noSuchCustom', change: { path: '/x' }, code: 'ACTION_NOT_OFFERED' },
  ])('refuses $action $change with $code', ({ action, change, code }) => {
    let error: unknown;
    try {
      writeActionConfig({ specText: BYO_SPEC, action, change: change as never });
    } catch (caught) {
      error = caught;
    }
    expect(isServiceError(error, code as never)).toBe(true);
  });

  it('pickActionConfig keeps only the editable members', () => {
    expect(pickActionConfig({ label: 'Order', method: 'POST', path: '/orders', plan: 'x' })).toEqual({ method: 'POST', path: '/orders' });
    expect(pickActionConfig(undefined)).toEqual({});
  });
});
