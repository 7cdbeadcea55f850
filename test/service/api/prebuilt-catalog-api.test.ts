/**
 * The catalogue's newer prebuilt connectors through the service's front door, on the embedded
 * database with their simulators on real sockets: set up (type, auth, actions), a sync that fills
 * the Accounts list with every page, an onboarding that creates the account in the target and an
 * offboarding that removes it there (Datadog, which deletes no user, disables it). GitHub's Delete User needs more than the account's id (the
 * login, or here the invitation id): the offboarding finds it in the stored account's fields.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GOOGLE_ADMIN_GRANT, seedGoogleUsers, startGoogleWorkspace, type GoogleWorkspaceSimulator } from '../../../src/simulators/google-workspace/index.js';
import { SENTRY_ADMIN_TOKEN, SENTRY_ORG, seedSentryMembers, startSentry, type SentrySimulator } from '../../../src/simulators/sentry/index.js';
import {
  CLOUDFLARE_ACCOUNT,
  CLOUDFLARE_EDIT_TOKEN,
  seedCloudflareMembers,
  startCloudflare,
  type CloudflareSimulator,
} from '../../../src/simulators/cloudflare/index.js';
import { DATADOG_ADMIN_APP_KEY, DATADOG_API_KEY, seedDatadogUsers, startDatadog, type DatadogSimulator } from '../../../src/simulators/datadog/index.js';
import { GRAFANA_ADMIN, seedGrafanaUsers, startGrafana, type GrafanaSimulator } from '../../../src/simulators/grafana/index.js';
import { BOX_APP, seedBoxUsers, startBox, type BoxSimulator } from '../../../src/simulators/box/index.js';
import { GITHUB_OWNER_TOKEN, GITHUB_ORG, seedGitHubOrg, startGitHubOrg, type GitHubOrgSimulator } from '../../../src/simulators/github-org/index.js';
import { ATLASSIAN_API_KEY, seedAtlassianUsers, startAtlassian, type AtlassianSimulator } from '../../../src/simulators/atlassian-cloud/index.js';
import { GITLAB_ADMIN_TOKEN, importableGitLabUsers, seedGitLabUsers, startGitLab, type GitLabSimulator } from '../../../src/simulators/gitlab/index.js';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { useApi, type TenantTokens } from './api-fixture.js';
import { waitUntil } from '../helpers/wait-until.js';

// Opening the embedded database and starting workers takes long on a loaded machine (2 cores, shared).
vi.setConfig({ hookTimeout: 120_000 });

const fixture = useApi(embeddedStorage('api-prebuilt-catalog'));
let google: GoogleWorkspaceSimulator;
let sentry: SentrySimulator;
let github: GitHubOrgSimulator;
let cloudflare: CloudflareSimulator;
let datadog: DatadogSimulator;
let grafana: GrafanaSimulator;
let atlassian: AtlassianSimulator;
let gitlab: GitLabSimulator;
let box: BoxSimulator;
let tokens: TenantTokens;

beforeAll(async () => {
  google = await startGoogleWorkspace(seedGoogleUsers(620));
  sentry = await startSentry(seedSentryMembers(230));
  github = await startGitHubOrg(seedGitHubOrg(130));
  cloudflare = await startCloudflare(seedCloudflareMembers(140));
  datadog = await startDatadog(seedDatadogUsers(260));
  // One page of Grafana's 1000: the Accounts list below is read with limit=1000.
  grafana = await startGrafana(seedGrafanaUsers(300));
  atlassian = await startAtlassian(seedAtlassianUsers(230));
  // Three keyset pages of GitLab's 100.
  gitlab = await startGitLab(seedGitLabUsers(240));
  // Box's pages are 1000 too; its token endpoint is at the origin of the base URL.
  box = await startBox(seedBoxUsers(300));
  tokens = await fixture.tenantWithTokens('standard', 'Catalog tenant');
  await fixture.service.startWorkers();
});
afterAll(async () => {
  await fixture.service?.stopWorkers();
  await google?.close();
  await sentry?.close();
  await github?.close();
  await cloudflare?.close();
  await datadog?.close();
  await grafana?.close();
  await atlassian?.close();
  await gitlab?.close();
  await box?.close();
});

interface Case {
  connector: string;
  baseUrl: () => string;
  inputs: () => Record<string, string>;
  /** Emails the target holds (live accounts only). */
  emails: () => string[];
  /**
   * How offboarding ends the account, for a target that deletes none (Datadog disables): the
   * action and whether the target shows the email offboarded. By default Delete User, and the
   * email gone from `emails()`.
   */
  offboardedBy?: { action: 'deactivateUser'; done: (email: string) => boolean };
}

const CASES: Case[] = [
  {
    connector: 'google-workspace',
    baseUrl: () => google.server.origin,
    inputs: () => ({ ...GOOGLE_ADMIN_GRANT, tokenUrl: google.tokenUrl }),
    emails: () => google.state.users.filter((user) => user.deletionTime === undefined).map((user) => user.primaryEmail),
  },
  {
    connector: 'sentry',
    baseUrl: () => sentry.server.origin,
    inputs: () => ({ token: SENTRY_ADMIN_TOKEN, organization: SENTRY_ORG }),
    emails: () => sentry.state.members.filter((member) => !member.removed).map((member) => member.email),
  },
  {
    connector: 'github-org',
    baseUrl: () => github.server.origin,
    inputs: () => ({ token: GITHUB_OWNER_TOKEN, org: GITHUB_ORG }),
    // GitHub keeps members' emails private (imported empty); an invitation carries its email.
    emails: () => [...github.state.members.map(() => ''), ...github.state.invitations.map((invitation) => invitation.email ?? '')],
  },
  {
    connector: 'cloudflare',
    baseUrl: () => cloudflare.baseUrl,
    inputs: () => ({ token: CLOUDFLARE_EDIT_TOKEN, account: CLOUDFLARE_ACCOUNT }),
    emails: () => cloudflare.state.members.filter((member) => !member.removed).map((member) => member.email),
  },
  {
    connector: 'datadog',
    baseUrl: () => datadog.server.origin,
    inputs: () => ({ apiKey: DATADOG_API_KEY, applicationKey: DATADOG_ADMIN_APP_KEY }),
    emails: () => datadog.state.users.map((user) => user.email),
    offboardedBy: { action: 'deactivateUser', done: (email) => datadog.state.users.find((user) => user.email === email)?.disabled === true },
  },
  {
    connector: 'grafana',
    baseUrl: () => grafana.baseUrl,
    inputs: () => ({ ...GRAFANA_ADMIN, baseUrl: grafana.baseUrl }),
    emails: () => grafana.state.users.filter((user) => !user.deleted).map((user) => user.email),
  },
  {
    // Delete User takes the user out of the directory and deactivates the account (Atlassian deletes none).
    connector: 'atlassian-cloud',
    baseUrl: () => atlassian.baseUrl,
    inputs: () => ({ token: ATLASSIAN_API_KEY, baseUrl: atlassian.baseUrl }),
    emails: () => atlassian.state.users.filter((user) => user.inDirectory).map((user) => user.userName),
  },
  {
    // The admin token's probe (an empty system hook, 400) leaves the write actions available.
    connector: 'gitlab',
    baseUrl: () => gitlab.baseUrl,
    inputs: () => ({ token: GITLAB_ADMIN_TOKEN, baseUrl: gitlab.baseUrl }),
    emails: () => importableGitLabUsers(gitlab.state).map((user) => user.email),
  },
  {
    connector: 'box',
    baseUrl: () => box.baseUrl,
    inputs: () => ({ ...BOX_APP }),
    // App users are not imported.
    emails: () => box.state.users.filter((user) => !user.appUser).map((user) => user.login),
  },
];

describe.each(CASES)('$connector through the API', ({ connector, baseUrl, inputs, emails, offboardedBy }) => {
  let integration: string;
  let personId: string;
  const email = `new.hire.${connector}@acme.test`;

  it('is set up as a prebuilt integration and syncs every account', { timeout: 120_000 }, async () => {
    integration = (await fixture.call(tokens.admin, 'POST', '/v1/integrations', { type: 'prebuilt', connector, baseUrl: baseUrl() })).body.id;
    expect((await fixture.call(tokens.admin, 'PUT', `/v1/integrations/${integration}/auth`, { inputs: inputs() })).status).toBe(200);
    for (const action of ['createUser', offboardedBy?.action ?? 'deleteUser'])
      expect((await fixture.call(tokens.admin, 'PUT', `/v1/integrations/${integration}/actions/${action}`, { enabled: true })).status).toBe(200);
    expect((await fixture.call(tokens.admin, 'PUT', `/v1/integrations/${integration}/actions/importUsers`, { enabled: true })).status).toBe(200);
    const run = await waitUntil(
      'the first sync done',
      async () => (await fixture.call(tokens.viewer, 'GET', `/v1/integrations/${integration}/sync/runs`)).body.runs[0],
      (latest) => latest && !['queued', 'running'].includes(latest.status),
      { timeoutMs: 90_000 },
    );
    expect(run).toMatchObject({ status: 'succeeded' });
    const listed = await fixture.call(tokens.viewer, 'GET', `/v1/integrations/${integration}/accounts?limit=1000`);
    expect(listed.status).toBe(200);
    expect(listed.body.accounts.map((account: { email: string }) => account.email).sort()).toEqual(emails().sort());
  });

  it('onboards a person: the account is created in the target', { timeout: 120_000 }, async () => {
    personId = (await fixture.call(tokens.admin, 'POST', '/v1/people', { email, name: 'New Hire' })).body.id;
    const started = await fixture.call(
      tokens.admin,
      'POST',
      '/v1/workflows/onboarding',
      { personId, integrationIds: [integration] },
      { 'idempotency-key': `onboard-${connector}` },
    );
    expect(started.status).toBe(201);
    const workflow = await waitUntil(
      'the onboarding workflow done',
      async () => (await fixture.call(tokens.viewer, 'GET', `/v1/workflows/${started.body.id}`)).body,
      (read) => read.status !== 'running',
      { timeoutMs: 90_000 },
    );
    expect(workflow).toMatchObject({ status: 'succeeded', tasks: [{ action: 'createUser', status: 'succeeded' }] });
    expect(emails()).toContain(email);
  });

  it('offboards the person: the account is removed from the target', { timeout: 120_000 }, async () => {
    // The account the onboarding created is known to the service once a sync has read it.
    const started = await fixture.call(tokens.admin, 'POST', `/v1/integrations/${integration}/sync`);
    expect(started.status).toBe(202);
    await waitUntil(
      'the requested sync done',
      async () => (await fixture.call(tokens.viewer, 'GET', `/v1/integrations/${integration}/sync/runs`)).body.runs[0],
      (latest) => latest.id === started.body.run.id && !['queued', 'running'].includes(latest.status),
      { timeoutMs: 90_000 },
    );
    const offboarding = await fixture.call(tokens.admin, 'POST', '/v1/workflows/offboarding', { personId }, { 'idempotency-key': `offboard-${connector}` });
    expect(offboarding.status).toBe(201);
    const workflow = await waitUntil(
      'the offboarding workflow done',
      async () => (await fixture.call(tokens.viewer, 'GET', `/v1/workflows/${offboarding.body.id}`)).body,
      (read) => read.status !== 'running',
      { timeoutMs: 90_000 },
    );
    expect(workflow).toMatchObject({ status: 'succeeded', tasks: [{ action: offboardedBy?.action ?? 'deleteUser', status: 'succeeded' }] });
    if (offboardedBy) expect(offboardedBy.done(email)).toBe(true);
    else expect(emails()).not.toContain(email);
  });
});
