/**
 * One account state model for every integration (active, invited, deactivated; removed is the
 * service's own, for an account the target no longer lists): each shipped spec's import mapping,
 * applied to records shaped as its target sends them (through `preview`, which maps a response
 * body as the import does), gives the state the service stores (`toStaged`, sync-policy's
 * `importedState`). Invited is the target's own "created, not yet active": Okta STAGED and
 * PROVISIONED, Google never signed in, a GitHub or Sentry pending invitation, an Entra guest who
 * has not redeemed, a PagerDuty user with an outstanding invitation, a GitLab sign-up pending an
 * administrator's approval. SCIM, Zendesk and Box have no
 * such state: their inactive accounts are deactivated (an onboarding's account waiting for its
 * activation shows invited from the service's own schedule, test/service/api/activation-states).
 */
import { describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import { toStaged } from '../../src/service/store/account-rows.js';
import { loadSpec } from './helpers/load-spec.js';

interface Case {
  spec: string;
  /** Wraps the records as the target's list answer. */
  body: (records: unknown[]) => unknown;
  records: { record: Record<string, unknown>; state: string }[];
}

const person = (n: number) => ({ id: `u${n}`, email: `p${n}@example.com` });

const CASES: Case[] = [
  {
    spec: 'specs/prebuilt/okta.yaml',
    body: (records) => records,
    records: ['STAGED', 'PROVISIONED', 'ACTIVE', 'RECOVERY', 'PASSWORD_EXPIRED', 'LOCKED_OUT', 'SUSPENDED', 'DEPROVISIONED'].map((status, n) => ({
      record: { id: `u${n}`, status, profile: { email: `p${n}@example.com`, firstName: 'P', lastName: String(n), login: `p${n}@example.com` } },
      state: { STAGED: 'invited', PROVISIONED: 'invited', SUSPENDED: 'deactivated', DEPROVISIONED: 'deactivated' }[status] ?? 'active',
    })),
  },
  {
    spec: 'specs/scim/scim-2.0.yaml',
    body: (records) => ({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: records.length, Resources: records }),
    records: [
      { record: { id: 'u1', userName: 'p1@example.com', active: true }, state: 'active' },
      { record: { id: 'u2', userName: 'p2@example.com', active: false }, state: 'deactivated' },
      { record: { id: 'u3', userName: 'p3@example.com', active: 'False' }, state: 'deactivated' },
    ],
  },
  {
    // Atlassian's SCIM directory: no invited state; a user a DELETE took out is no longer listed (removed).
    spec: 'specs/prebuilt/atlassian-cloud.yaml',
    body: (records) => ({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: records.length, Resources: records }),
    records: [
      { record: { id: 'u1', userName: 'p1@example.com', emails: [{ value: 'p1@example.com', primary: true }], active: true }, state: 'active' },
      { record: { id: 'u2', userName: 'p2@example.com', emails: [{ value: 'p2@example.com', primary: true }], active: false }, state: 'deactivated' },
    ],
  },
  {
    spec: 'specs/prebuilt/entra-id.yaml',
    body: (records) => ({ value: records }),
    records: [
      { record: { id: 'u1', mail: 'p1@example.com', displayName: 'P 1', accountEnabled: true, externalUserState: null }, state: 'active' },
      { record: { id: 'u2', mail: 'p2@example.com', displayName: 'P 2', accountEnabled: false }, state: 'deactivated' },
      { record: { id: 'u3', mail: 'p3@example.com', displayName: 'P 3', accountEnabled: true, externalUserState: 'PendingAcceptance' }, state: 'invited' },
      { record: { id: 'u4', mail: 'p4@example.com', displayName: 'P 4', accountEnabled: true, externalUserState: 'Accepted' }, state: 'active' },
    ],
  },
  {
    spec: 'specs/prebuilt/google-workspace.yaml',
    body: (records) => ({ users: records }),
    records: [
      { record: { id: 'u1', primaryEmail: 'p1@example.com', name: { fullName: 'P 1' }, agreedToTerms: true }, state: 'active' },
      { record: { id: 'u2', primaryEmail: 'p2@example.com', name: { fullName: 'P 2' }, agreedToTerms: false }, state: 'invited' },
      { record: { id: 'u3', primaryEmail: 'p3@example.com', name: { fullName: 'P 3' }, agreedToTerms: true, suspended: true }, state: 'deactivated' },
      { record: { id: 'u4', primaryEmail: 'p4@example.com', name: { fullName: 'P 4' }, agreedToTerms: false, archived: true }, state: 'deactivated' },
    ],
  },
  {
    spec: 'specs/prebuilt/sentry.yaml',
    body: (records) => records,
    records: [
      { record: { id: '1', email: 'p1@example.com', name: 'P 1', orgRole: 'member', pending: false, user: { isActive: true } }, state: 'active' },
      { record: { id: '2', email: 'p2@example.com', name: 'P 2', orgRole: 'member', pending: true, user: null }, state: 'invited' },
      { record: { id: '3', email: 'p3@example.com', name: 'P 3', orgRole: 'member', pending: false, user: { isActive: false } }, state: 'deactivated' },
    ],
  },
  {
    spec: 'specs/prebuilt/zendesk.yaml',
    body: (records) => ({ users: records, meta: { has_more: false } }),
    records: [
      { record: { id: 1, email: 'p1@example.com', name: 'P 1', role: 'agent', suspended: false }, state: 'active' },
      { record: { id: 2, email: 'p2@example.com', name: 'P 2', role: 'agent', suspended: true }, state: 'deactivated' },
    ],
  },
  {
    spec: 'specs/prebuilt/incident-platform.yaml',
    body: (records) => ({ users: records, more: false }),
    records: [
      { record: { ...person(1), name: 'P 1', role: 'user', invitation_sent: false }, state: 'active' },
      { record: { ...person(2), name: 'P 2', role: 'user', invitation_sent: true }, state: 'invited' },
    ],
  },
  {
    // GitLab: a sign-up waiting for an administrator's approval is invited; blocked, LDAP-blocked,
    // banned and GitLab's own deactivation are deactivated.
    spec: 'specs/prebuilt/gitlab.yaml',
    body: (records) => records,
    records: ['active', 'blocked_pending_approval', 'blocked', 'ldap_blocked', 'banned', 'deactivated'].map((gitlabState, n) => ({
      record: { id: n + 1, username: `p${n}`, email: `p${n}@example.com`, name: `P ${n}`, state: gitlabState, is_admin: false },
      state: { active: 'active', blocked_pending_approval: 'invited' }[gitlabState] ?? 'deactivated',
    })),
  },
  {
    // Box: no invited state for a managed user; the two restricted statuses may still sign in.
    spec: 'specs/prebuilt/box.yaml',
    body: (records) => ({ limit: 1000, next_marker: null, entries: records }),
    records: (['active', 'inactive', 'cannot_delete_edit', 'cannot_delete_edit_upload'] as const).map((status, n) => ({
      record: { type: 'user', id: String(n + 1), name: `P ${n}`, login: `p${n}@example.com`, status, role: 'user', is_platform_access_only: false },
      state: status === 'inactive' ? 'deactivated' : 'active',
    })),
  },
];

const dummyInputs = (spec: { inputs?: Record<string, { type?: string }> }) =>
  Object.fromEntries(
    Object.entries(spec.inputs ?? {}).map(([name, input]) => [
      name,
      input.type === 'url' ? 'https://target.example' : input.type === 'email' ? 'admin@example.com' : `x-${name}`,
    ]),
  );

describe.each(CASES)('$spec maps its target’s states to the service’s', ({ spec, body, records }) => {
  it.each(records.map(({ record, state }) => ({ record, state, label: JSON.stringify(record) })))('$label → $state', async ({ record, state }) => {
    const connector = await loadSpec(spec);
    const client = connect(connector, dummyInputs(connector.spec as never) as never);
    try {
      const preview = await client.preview(body([record]));
      const account = preview.records[0]?.account;
      expect(account, JSON.stringify(preview.problems)).toBeDefined();
      expect(toStaged(account!).state).toBe(state);
    } finally {
      await client.close();
    }
  });
});

it('a GitHub invitation is invited, a member active', async () => {
  const connector = await loadSpec('specs/prebuilt/github-org.yaml');
  const mapping = (connector.spec.actions.importUsers as { additionalLists: { path: string; mapping: Record<string, string> }[] }).additionalLists.find(
    (list) => list.path.endsWith('/invitations'),
  )!.mapping;
  expect(mapping.state).toBe('"invited"');
  expect((connector.spec.actions.importUsers as { mapping: Record<string, string> }).mapping.state).toBeUndefined();
});
