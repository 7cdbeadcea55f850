/**
 * Every write action of every shipped spec finds what it reads from the account in what the
 * service stores of an imported account (`accounts`: external id, email, name, admin and the other
 * mapped fields in `fields`, src/service/store/account-rows.ts): GitHub's delete needs the login
 * or the invitation id, not only the id. Each action is then run on a stored account against the
 * connector's simulator.
 */
import { describe, expect, it } from 'vitest';
import { connect, type Client } from '../../src/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { accountReads, missingAccountFields } from '../../src/cli/account-fields.js';
import { accountSubject, toStaged } from '../../src/service/store/account-rows.js';
import { startEntraId, ENTRA_WRITER_APP } from '../../src/simulators/entra-id/index.js';
import { GITHUB_ORG, GITHUB_OWNER_TOKEN, startGitHubOrg } from '../../src/simulators/github-org/index.js';
import { DEMO_FULL_ACCESS_KEY, startIncidentPlatform } from '../../src/simulators/incident-platform/index.js';
import { OKTA_DEMO_TOKEN, startOkta } from '../../src/simulators/okta/index.js';
import { startZendesk, ZENDESK_ADMIN } from '../../src/simulators/zendesk/index.js';
import { loadSpec } from './helpers/load-spec.js';
import type { Account } from '../../src/index.js';

interface Target {
  client: Client;
  close(): Promise<void>;
}

const options = { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 } } as const;
const TARGETS: Record<string, (spec: Awaited<ReturnType<typeof loadSpec>>) => Promise<Target>> = {
  'incident-platform': async (spec) => {
    const sim = await startIncidentPlatform();
    return { client: connect(spec, { token: DEMO_FULL_ACCESS_KEY }, { ...options, baseUrl: sim.server.origin }), close: () => sim.close() };
  },
  okta: async (spec) => {
    const sim = await startOkta();
    return { client: connect(spec, { token: OKTA_DEMO_TOKEN, baseUrl: sim.server.origin }, options), close: () => sim.close() };
  },
  'entra-id': async (spec) => {
    const sim = await startEntraId();
    return {
      client: connect(spec, { ...ENTRA_WRITER_APP, tokenUrl: sim.tokenUrl, upnDomain: 'acme.test' }, { ...options, baseUrl: sim.graphUrl }),
      close: () => sim.close(),
    };
  },
  'github-org': async (spec) => {
    const sim = await startGitHubOrg();
    return { client: connect(spec, { token: GITHUB_OWNER_TOKEN, org: GITHUB_ORG }, { ...options, baseUrl: sim.server.origin }), close: () => sim.close() };
  },
  zendesk: async (spec) => {
    const sim = await startZendesk();
    return { client: connect(spec, { ...ZENDESK_ADMIN, baseUrl: sim.server.origin }, options), close: () => sim.close() };
  },
};

/** An account as the service keeps it and hands it back to a write action. */
function stored(account: Account): Account {
  return accountSubject(toStaged(account));
}

const WRITES = ['activateUser', 'deactivateUser', 'deleteUser'] as const;

describe.each(Object.keys(TARGETS))('%s: the stored account', (id) => {
  it('has every field each write action reads, and each action runs on it', async () => {
    const spec = await loadSpec(`specs/prebuilt/${id}.yaml`);
    const target = await (TARGETS[id] as (typeof TARGETS)[string])(spec);
    try {
      const accounts = (await target.client.importUsers().collect()).map(stored);
      expect(accounts.length).toBeGreaterThan(0);
      const writes = WRITES.filter((action) => spec.spec.actions[action] !== undefined);
      for (const action of writes) {
        const reads = accountReads(spec.spec, action);
        const lacking = accounts.flatMap((account) => {
          const missing = missingAccountFields(reads, account);
          return missing === undefined ? [] : [`${account.id}: ${missing}`];
        });
        expect(lacking, action).toEqual([]);
      }
      // Run each action on stored accounts: one per kind of account (GitHub: a member and an invitation).
      const samples = [...new Map(accounts.map((account) => [String(account.pending ?? ''), account])).values()];
      for (const action of writes) {
        for (const account of samples) await expect(target.client[action](account)).resolves.toMatchObject({ status: expect.any(Number) });
      }
    } finally {
      await target.close();
    }
  });
});
