/** Zendesk's users reference (written down from its pages, one URL per operation) judges every request of specs/prebuilt/zendesk.yaml. */
import { connect } from '../../src/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { seedZendeskUsers, startZendesk, ZENDESK_ADMIN } from '../../src/simulators/zendesk/index.js';
import { loadSpec } from '../specs/helpers/load-spec.js';
import { describeContract } from './harness/contract-suite.js';

describeContract({
  connector: 'zendesk',
  fixture: 'zendesk.json',
  operations: ['ListUsers', 'CreateUser', 'UpdateUser', 'DeleteUser'],
  async start() {
    const zendesk = await startZendesk(seedZendeskUsers(250));
    return { zendesk, requests: () => zendesk.server.requests, close: () => zendesk.close() };
  },
  async exercise({ zendesk }) {
    const client = connect(
      await loadSpec('specs/prebuilt/zendesk.yaml'),
      { ...ZENDESK_ADMIN, baseUrl: zendesk.server.origin },
      { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 } },
    );
    const accounts = await client.importUsers().collect();
    await client.createUser({ email: 'new.agent@acme.test', name: 'New Agent' });
    await client.createUser({ email: 'new.admin@acme.test', name: 'New Admin', admin: true });
    const [first, second] = accounts;
    await client.deactivateUser(first as { id: string });
    await client.activateUser(first as { id: string });
    await client.deleteUser(second as { id: string });
  },
});
