/**
 * Google's discovery document admin.directory_v1 (googleapis/discovery-artifact-manager) and its
 * OAuth 2.0 reference page judge every request of specs/prebuilt/google-workspace.yaml, the token
 * request included.
 */
import { describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { GOOGLE_ADMIN_GRANT, googleUserId, seedGoogleUsers, startGoogleWorkspace } from '../../src/simulators/google-workspace/index.js';
import { loadSpec } from '../specs/helpers/load-spec.js';
import { checkRequest } from './harness/check-request.js';
import { describeContract } from './harness/contract-suite.js';
import { loadContract } from './harness/load-contract.js';

describeContract({
  connector: 'google-workspace',
  fixture: 'google-workspace.json',
  operations: ['google.oauth2.token.refresh', 'directory.users.list', 'directory.users.insert', 'directory.users.update', 'directory.users.delete'],
  async start() {
    const google = await startGoogleWorkspace(seedGoogleUsers(1100));
    return { google, requests: () => google.server.requests, close: () => google.close() };
  },
  async exercise({ google }) {
    const client = connect(
      await loadSpec('specs/prebuilt/google-workspace.yaml'),
      { ...GOOGLE_ADMIN_GRANT, tokenUrl: google.tokenUrl },
      { egress: ALLOW_LOOPBACK, baseUrl: google.server.origin, retry: { maxAttempts: 1 } },
    );
    await client.importUsers().collect();
    await client.createUser({ email: 'nia.new@acme.test', name: 'Nia New', firstName: 'Nia', lastName: 'New' });
    await client.createUser({ email: 'mono@acme.test', name: 'Mononym' });
    await client.deactivateUser({ id: googleUserId(1) });
    await client.activateUser({ id: googleUserId(1) });
    await client.deleteUser({ id: googleUserId(2) });
  },
});

describe('Directory inserts the description refuses', () => {
  const contract = loadContract('google-workspace.json');
  const insert = (body: object) =>
    checkRequest(contract, {
      method: 'POST',
      url: '/admin/directory/v1/users',
      headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const valid = { primaryEmail: 'nia@acme.test', name: { givenName: 'Nia', familyName: 'New' }, password: 'Xy7!abcdefgh', changePasswordAtNextLogin: true };

  it.each([
    { given: { ...valid, password: undefined }, says: /must have required property 'password'/u },
    { given: { ...valid, name: { givenName: 'Nia' } }, says: /familyName/u },
    { given: { ...valid, name: { givenName: 'N'.repeat(61), familyName: 'New' } }, says: /givenName: must NOT have more than 60 characters/u },
    // isAdmin is read-only: only makeAdmin sets it.
    { given: { ...valid, isAdmin: true }, says: /"isAdmin" is not declared/u },
  ])('refuses $given', ({ given, says }) => {
    expect(insert(given).violations.join('\n')).toMatch(says);
  });

  it('accepts the insert the spec sends', () => {
    expect(insert(valid).violations).toEqual([]);
  });

  it('refuses a list without a page size within 1..500', () => {
    const list = (query: string) =>
      checkRequest(contract, { method: 'GET', url: `/admin/directory/v1/users?${query}`, headers: { authorization: 'Bearer x' }, body: '' }).violations;
    expect(list('customer=my_customer&maxResults=500')).toEqual([]);
    expect(list('customer=my_customer&maxResults=0').join('\n')).toMatch(/maxResults/u);
  });
});
