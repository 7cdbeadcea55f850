/**
 * Atlassian's OpenAPI description of its user provisioning REST API (schema-original.json, mirrored
 * in teamapis/user-provisioning) judges every request of specs/prebuilt/atlassian-cloud.yaml.
 */
import { describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { ATLASSIAN_API_KEY, atlassianUserId, seedAtlassianUsers, startAtlassian } from '../../src/simulators/atlassian-cloud/index.js';
import { loadSpec } from '../specs/helpers/load-spec.js';
import { checkRequest } from './harness/check-request.js';
import { describeContract } from './harness/contract-suite.js';
import { loadContract } from './harness/load-contract.js';

describeContract({
  connector: 'atlassian-cloud',
  fixture: 'atlassian-cloud.json',
  operations: [
    'getUsersFromAnActiveDirectory',
    'createAUserInAnActiveDirectory',
    'patchUserInformationInAnActiveDirectory',
    'deleteAUserFromAnActiveDirectory',
  ],
  // The user list declares no maximum count (Atlassian documents none), so there is none to exceed.
  mutationKinds: ['wrong path', 'misspelt body property'],
  async start() {
    const atlassian = await startAtlassian(seedAtlassianUsers(250));
    return { atlassian, requests: () => atlassian.server.requests, close: () => atlassian.close() };
  },
  async exercise({ atlassian }) {
    const client = connect(
      await loadSpec('specs/prebuilt/atlassian-cloud.yaml'),
      { token: ATLASSIAN_API_KEY, baseUrl: atlassian.baseUrl },
      { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 } },
    );
    await client.importUsers().collect();
    await client.createUser({ email: 'nia.new@acme.test', name: 'Nia New', firstName: 'Nia', lastName: 'New' });
    // A person known by one name only: no null name parts.
    await client.createUser({ email: 'madonna@acme.test', name: 'Madonna' });
    await client.deactivateUser({ id: atlassianUserId(2) });
    await client.activateUser({ id: atlassianUserId(2) });
    await client.deleteUser({ id: atlassianUserId(3) });
  },
});

describe('Atlassian requests the description refuses', () => {
  const contract = loadContract('atlassian-cloud.json');
  const send = (method: string, url: string, body = '') =>
    checkRequest(contract, {
      method,
      url,
      headers: { authorization: 'Bearer k', ...(body ? { 'content-type': 'application/scim+json' } : {}) },
      body,
    }).violations.join('\n');
  const users = '/scim/directory/d1/Users';

  it('a list with a parameter Atlassian does not take, or a count that is not a number', () => {
    expect(send('GET', `${users}?startIndex=101&count=100`)).toBe('');
    expect(send('GET', `${users}?startIndex=1&count=100&sortBy=userName`)).toMatch(/sortBy/u);
    expect(send('GET', `${users}?count=many`)).toMatch(/count/u);
  });

  it("a creation with a read-only or unknown attribute (Atlassian's user has no roles)", () => {
    expect(send('POST', users, JSON.stringify({ userName: 'a@acme.test', emails: [{ value: 'a@acme.test', primary: true }] }))).toBe('');
    expect(send('POST', users, JSON.stringify({ userName: 'a@acme.test', id: 'x' }))).toMatch(/"id"/u);
    expect(send('POST', users, JSON.stringify({ userName: 'a@acme.test', roles: [{ value: 'admin' }] }))).toMatch(/roles/u);
    expect(send('POST', users, JSON.stringify({ userName: 'a@acme.test', emails: [{ value: 'a@acme.test', primary: 'yes' }] }))).toMatch(/primary/u);
  });

  it('a PatchOp whose operation names an attribute Atlassian does not declare, and a DELETE with a body', () => {
    const patch = (operation: object) =>
      send('PATCH', `${users}/u1`, JSON.stringify({ schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], operations: [operation] }));
    expect(patch({ op: 'replace', path: 'active', value: false })).toBe('');
    expect(patch({ op: 'replace', path: 'active', value: false, from: 'x' })).toMatch(/from/u);
    expect(send('DELETE', `${users}/u1`, '{}')).toMatch(/takes no body/u);
  });
});
