/** Grafana's OpenAPI description (grafana/grafana public/openapi3.json) judges every request of specs/prebuilt/grafana.yaml. */
import { describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { GRAFANA_ADMIN, seedGrafanaUsers, startGrafana } from '../../src/simulators/grafana/index.js';
import { loadSpec } from '../specs/helpers/load-spec.js';
import { checkRequest } from './harness/check-request.js';
import { describeContract } from './harness/contract-suite.js';
import { loadContract } from './harness/load-contract.js';

describeContract({
  connector: 'grafana',
  fixture: 'grafana.json',
  operations: ['searchUsers', 'adminCreateUser', 'adminDisableUser', 'adminEnableUser', 'adminUpdateUserPermissions', 'adminDeleteUser'],
  // The user list declares no maximum page size, so there is none to exceed.
  mutationKinds: ['wrong path', 'misspelt body property'],
  async start() {
    const grafana = await startGrafana(seedGrafanaUsers(2100));
    return { grafana, requests: () => grafana.server.requests, close: () => grafana.close() };
  },
  async exercise({ grafana }) {
    const client = connect(
      await loadSpec('specs/prebuilt/grafana.yaml'),
      { ...GRAFANA_ADMIN, baseUrl: grafana.baseUrl },
      { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 } },
    );
    await client.importUsers().collect();
    await client.createUser({ email: 'nia.new@acme.test', name: 'Nia New' });
    await client.deactivateUser({ id: '2' });
    await client.activateUser({ id: '2' });
    await client.runCustomAction!('setServerAdmin', { isGrafanaAdmin: true }, { account: { id: '3' } });
    await client.deleteUser({ id: '4' });
  },
});

describe('Grafana requests the description refuses', () => {
  const contract = loadContract('grafana.json');
  const send = (method: string, url: string, body = '') =>
    checkRequest(contract, {
      method,
      url,
      headers: { authorization: 'Basic YTpi', ...(body ? { 'content-type': 'application/json' } : {}) },
      body,
    }).violations.join('\n');

  it('a user id that is not a number, and a body on a disable', () => {
    expect(send('POST', '/api/admin/users/12/disable')).toBe('');
    expect(send('POST', '/api/admin/users/person12/disable')).toMatch(/user_id/u);
    expect(send('POST', '/api/admin/users/12/disable', '{}')).toMatch(/takes no body/u);
  });

  it('a creation with an unknown field or a non-boolean admin flag', () => {
    expect(send('POST', '/api/admin/users', JSON.stringify({ name: 'A', email: 'a@acme.test', login: 'a@acme.test', password: 'x'.repeat(24) }))).toBe('');
    expect(send('POST', '/api/admin/users', JSON.stringify({ email: 'a@acme.test', isAdmin: true }))).toMatch(/isAdmin/u);
    expect(send('PUT', '/api/admin/users/12/permissions', JSON.stringify({ isGrafanaAdmin: 'yes' }))).toMatch(/isGrafanaAdmin/u);
  });
});
