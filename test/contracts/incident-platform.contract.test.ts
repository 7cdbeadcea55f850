/** PagerDuty's REST API v2 OpenAPI judges every request of specs/prebuilt/incident-platform.yaml (the From lookup included). */
import { connect } from '../../src/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { describe, expect, it } from 'vitest';
import { DEMO_FULL_ACCESS_KEY, DEMO_READ_ONLY_KEY, seedUsers, startIncidentPlatform } from '../../src/simulators/incident-platform/index.js';
import { checkRequest } from './harness/check-request.js';
import { loadContract } from './harness/load-contract.js';
import { loadSpec } from '../specs/helpers/load-spec.js';
import { describeContract } from './harness/contract-suite.js';

describeContract({
  connector: 'incident-platform',
  fixture: 'incident-platform.json',
  operations: ['listUsers', 'createUser', 'deleteUser'],
  async start() {
    const platform = await startIncidentPlatform({ users: seedUsers({ count: 250 }) });
    return { platform, requests: () => platform.server.requests, close: () => platform.close() };
  },
  async exercise({ platform }) {
    const client = connect(
      await loadSpec('specs/prebuilt/incident-platform.yaml'),
      { token: DEMO_FULL_ACCESS_KEY },
      { egress: ALLOW_LOOPBACK, baseUrl: platform.server.origin, retry: { maxAttempts: 1 } },
    );
    const accounts = await client.importUsers().collect();
    await client.createUser({ email: 'new.responder@example.com', name: 'New Responder' });
    await client.createUser({ email: 'new.admin@example.com', name: 'New Admin', admin: true });
    await client.deleteUser(accounts[5] as { id: string });
  },
});

/**
 * The capability probe (spec `probe`) is a real operation of the vendor's description (Create
 * User), sent with a body the description itself refuses, so a full-access key can create nothing:
 * its only violations are the ones that make the refusal certain.
 */
describe('incident-platform probe against incident-platform.json', () => {
  it('is Create User without a user (nor From): refused for its content with a full key, for its rights with a read-only key', async () => {
    const platform = await startIncidentPlatform({ users: seedUsers({ count: 3 }) });
    try {
      const spec = await loadSpec('specs/prebuilt/incident-platform.yaml');
      const verdicts: string[] = [];
      for (const key of [DEMO_FULL_ACCESS_KEY, DEMO_READ_ONLY_KEY]) {
        const client = connect(spec, { token: key }, { egress: ALLOW_LOOPBACK, baseUrl: platform.server.origin, retry: { maxAttempts: 1 } });
        try {
          verdicts.push((await client.probeCapabilities())?.writes ?? 'none');
        } finally {
          await client.close();
        }
      }
      expect(verdicts).toEqual(['writeAllowed', 'readOnly']);
      expect(platform.state.users).toHaveLength(3);
      const contract = loadContract('incident-platform.json');
      const checked = platform.server.requests.map((request) => checkRequest(contract, request));
      expect(checked.map((verdict) => verdict.operationId)).toEqual(['createUser', 'createUser']);
      for (const verdict of checked) {
        expect(verdict.violations).toEqual(['header parameter "From" is required', "body: must have required property 'user'"]);
      }
    } finally {
      await platform.close();
    }
  });
});
