/** PagerDuty's REST API v2 OpenAPI judges every request of specs/prebuilt/incident-platform.yaml (the From lookup included). */
import { connect } from '../../src/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform } from '../../src/simulators/incident-platform/index.js';
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
