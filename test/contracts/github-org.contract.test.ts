/** GitHub's REST API description (as published in @octokit/openapi) judges every request of specs/prebuilt/github-org.yaml. */
import { connect } from '../../src/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { GITHUB_ORG, GITHUB_OWNER_TOKEN, seedGitHubOrg, startGitHubOrg } from '../../src/simulators/github-org/index.js';
import { loadSpec } from '../specs/helpers/load-spec.js';
import { describeContract } from './harness/contract-suite.js';

describeContract({
  connector: 'github-org',
  fixture: 'github-org.json',
  operations: ['orgs/list-members', 'orgs/list-pending-invitations', 'orgs/create-invitation', 'orgs/remove-membership-for-user', 'orgs/cancel-invitation'],
  async start() {
    const github = await startGitHubOrg(seedGitHubOrg(230, 3));
    return { github, requests: () => github.server.requests, close: () => github.close() };
  },
  async exercise({ github }) {
    const client = connect(
      await loadSpec('specs/prebuilt/github-org.yaml'),
      { token: GITHUB_OWNER_TOKEN, org: GITHUB_ORG },
      { egress: ALLOW_LOOPBACK, baseUrl: github.server.origin, retry: { maxAttempts: 1 } },
    );
    const accounts = await client.importUsers().collect();
    await client.createUser({ email: 'new.hire@acme.test', name: 'New Hire' });
    await client.createUser({ email: 'new.owner@acme.test', name: 'New Owner', admin: true });
    const member = accounts.find((account) => account.pending === false);
    const invitation = accounts.find((account) => account.pending === true);
    await client.deleteUser(member as { id: string });
    await client.deleteUser(invitation as { id: string });
  },
});
