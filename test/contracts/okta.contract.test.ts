/** Okta's management OpenAPI judges every request of specs/prebuilt/okta.yaml. */
import { connect } from '../../src/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { OKTA_DEMO_TOKEN, oktaId, seedOktaUsers, startOkta } from '../../src/simulators/okta/index.js';
import { loadSpec } from '../specs/helpers/load-spec.js';
import { describeContract } from './harness/contract-suite.js';

describeContract({
  connector: 'okta',
  fixture: 'okta.json',
  operations: ['listUsers', 'createUser', 'activateUser', 'deactivateUser', 'deleteUser'],
  async start() {
    const okta = await startOkta(seedOktaUsers(450));
    return { okta, requests: () => okta.server.requests, close: () => okta.close() };
  },
  async exercise({ okta }) {
    const client = connect(
      await loadSpec('specs/prebuilt/okta.yaml'),
      { token: OKTA_DEMO_TOKEN, baseUrl: okta.server.origin },
      { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 } },
    );
    await client.importUsers().collect();
    const created = await client.createUser({ email: 'ada@example.com', name: 'Ada King Lovelace' });
    await client.activateUser({ id: String(created.account?.id) });
    await client.deactivateUser({ id: oktaId(1) });
    await client.deleteUser({ id: oktaId(2) });
  },
});
