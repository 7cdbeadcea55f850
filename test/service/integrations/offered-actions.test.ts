/** Which actions an integration offers, as data: by type, plan and whether authentication is configured. */
import { describe, expect, it } from 'vitest';
import { connectors } from '../../../generated/index.js';
import type { IntegrationType } from '../../../src/service/index.js';
import { actionKind, offeredActions, withheldActions } from '../../../src/service/integrations/offered-actions.js';
import type { Plan } from '../../../src/service/tenants/plans.js';

const incident = connectors['incident-platform'].spec;
const scim = connectors['scim-2-0'].spec;
/** An example spec with a custom action (orderAsset) beside Import, Create and Delete User. */
const withCustom = connectors['oauth2-client-credentials'].spec;

describe('offeredActions', () => {
  it.each<{ given: string; spec: typeof incident; type: IntegrationType; plan: Plan; authConfigured: boolean; want: string[] }>([
    { given: 'no authentication yet', spec: scim, type: 'scim', plan: 'business', authConfigured: false, want: [] },
    {
      given: 'a prebuilt: its supports only',
      spec: incident,
      type: 'prebuilt',
      plan: 'standard',
      authConfigured: true,
      want: ['importUsers', 'createUser', 'deleteUser'],
    },
    {
      given: 'SCIM: the standard set',
      spec: scim,
      type: 'scim',
      plan: 'standard',
      authConfigured: true,
      want: ['importUsers', 'createUser', 'activateUser', 'deleteUser', 'deactivateUser'],
    },
    {
      given: 'build-your-own below Business: no custom action',
      spec: withCustom,
      type: 'build-your-own',
      plan: 'standard',
      authConfigured: true,
      want: ['importUsers', 'createUser', 'deleteUser'],
    },
    {
      given: 'build-your-own on Business: its custom action too',
      spec: withCustom,
      type: 'build-your-own',
      plan: 'business',
      authConfigured: true,
      want: ['importUsers', 'createUser', 'deleteUser', 'orderAsset'],
    },
  ])('$given', ({ spec, type, plan, authConfigured, want }) => {
    expect(offeredActions({ spec, type, plan, authConfigured, enabled: new Set() }).map((action) => action.name)).toEqual(want);
  });

  it('marks the enabled ones', () => {
    const offered = offeredActions({ spec: incident, type: 'prebuilt', plan: 'standard', authConfigured: true, enabled: new Set(['deleteUser']) });
    expect(offered.filter((action) => action.enabled).map((action) => action.name)).toEqual(['deleteUser']);
  });
});

describe('withheldActions', () => {
  it.each<{ given: string; plan: Plan; authConfigured: boolean; want: unknown[] }>([
    {
      given: 'below Business: the custom action, with the plan that offers it',
      plan: 'standard',
      authConfigured: true,
      want: [{ name: 'orderAsset', kind: 'custom', requiredPlan: 'business' }],
    },
    { given: 'on Business: nothing withheld', plan: 'business', authConfigured: true, want: [] },
    { given: 'before authentication: nothing offered, so nothing withheld', plan: 'standard', authConfigured: false, want: [] },
  ])('$given', ({ plan, authConfigured, want }) => {
    expect(withheldActions({ spec: withCustom, plan, authConfigured })).toEqual(want);
    expect(withheldActions({ spec: incident, plan, authConfigured })).toEqual([]);
  });
});

describe('actionKind', () => {
  it.each([
    { action: 'importUsers', want: 'standard' },
    { action: 'orderAsset', want: 'custom' },
    { action: 'activateUser', want: undefined },
    { action: 'toString', want: undefined },
  ])('$action is $want', ({ action, want }) => {
    expect(actionKind(withCustom, action)).toBe(want);
  });
});
