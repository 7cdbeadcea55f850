/** Datadog's OpenAPI description v2 (DataDog/datadog-api-client-typescript) judges every request of specs/prebuilt/datadog.yaml. */
import { describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { DATADOG_ADMIN_APP_KEY, DATADOG_API_KEY, datadogRoleId, datadogUserId, seedDatadogUsers, startDatadog } from '../../src/simulators/datadog/index.js';
import { loadSpec } from '../specs/helpers/load-spec.js';
import { checkRequest } from './harness/check-request.js';
import { describeContract } from './harness/contract-suite.js';
import { loadContract } from './harness/load-contract.js';

describeContract({
  connector: 'datadog',
  fixture: 'datadog.json',
  operations: ['ListUsers', 'CreateUser', 'UpdateUser', 'SendInvitations'],
  async start() {
    const datadog = await startDatadog(seedDatadogUsers(230));
    return { datadog, requests: () => datadog.server.requests, close: () => datadog.close() };
  },
  async exercise({ datadog }) {
    const client = connect(
      await loadSpec('specs/prebuilt/datadog.yaml'),
      {
        apiKey: DATADOG_API_KEY,
        applicationKey: DATADOG_ADMIN_APP_KEY,
        baseUrl: datadog.server.origin,
        roleId: datadogRoleId('Datadog Standard Role'),
        adminRoleId: datadogRoleId('Datadog Admin Role'),
      },
      { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 } },
    );
    await client.importUsers().collect();
    await client.createUser({ email: 'nia.new@acme.test', name: 'Nia New' });
    await client.createUser({ email: 'boss@acme.test', name: 'Bo Boss', admin: true });
    await client.deactivateUser({ id: datadogUserId(1) });
    await client.activateUser({ id: datadogUserId(1) });
    await client.runCustomAction!('sendInvitation', {}, { account: { id: datadogUserId(8) } });
  },
});

describe('Datadog requests the description refuses', () => {
  const contract = loadContract('datadog.json');
  const send = (method: string, url: string, body = '') =>
    checkRequest(contract, {
      method,
      url,
      headers: { 'dd-api-key': 'k', 'dd-application-key': 'a', ...(body ? { 'content-type': 'application/json' } : {}) },
      body,
    }).violations.join('\n');

  it('a user list page over 100, and a sort direction (not declared in the cut description)', () => {
    expect(send('GET', '/api/v2/users?page[size]=100&page[number]=0')).toBe('');
    expect(send('GET', '/api/v2/users?page[size]=101&page[number]=0')).toMatch(/page\[size\]/u);
    expect(send('GET', '/api/v2/users?sort_dir=desc')).toMatch(/sort_dir/u);
  });

  it('a user created without its type or email, or with a role outside relationships', () => {
    expect(send('POST', '/api/v2/users', JSON.stringify({ data: { type: 'users', attributes: { email: 'a@acme.test' } } }))).toBe('');
    expect(send('POST', '/api/v2/users', JSON.stringify({ data: { attributes: { email: 'a@acme.test' } } }))).toMatch(/type/u);
    expect(send('POST', '/api/v2/users', JSON.stringify({ data: { type: 'users', attributes: { name: 'A' } } }))).toMatch(/email/u);
    expect(send('POST', '/api/v2/users', JSON.stringify({ data: { type: 'users', attributes: { email: 'a@acme.test', role: 'admin' } } }))).toMatch(/role/u);
  });

  it('an edit without the user id in its data, and an invitation without the user', () => {
    const path = `/api/v2/users/${datadogUserId(1)}`;
    expect(send('PATCH', path, JSON.stringify({ data: { type: 'users', id: datadogUserId(1), attributes: { disabled: true } } }))).toBe('');
    expect(send('PATCH', path, JSON.stringify({ data: { type: 'users', attributes: { disabled: true } } }))).toMatch(/id/u);
    expect(send('POST', '/api/v2/user_invitations', JSON.stringify({ data: [{ type: 'user_invitations', relationships: {} }] }))).toMatch(/user/u);
  });
});
