/** Sentry's OpenAPI description (getsentry/sentry-api-schema) judges every request of specs/prebuilt/sentry.yaml. */
import { describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { SENTRY_ADMIN_TOKEN, SENTRY_ORG, seedSentryMembers, startSentry } from '../../src/simulators/sentry/index.js';
import { loadSpec } from '../specs/helpers/load-spec.js';
import { checkRequest } from './harness/check-request.js';
import { describeContract } from './harness/contract-suite.js';
import { loadContract } from './harness/load-contract.js';

describeContract({
  connector: 'sentry',
  fixture: 'sentry.json',
  operations: ['listOrganizationMembers', 'addOrganizationMember', 'deleteOrganizationMember'],
  // The members list declares no page size, so there is no limit to exceed; sending one at all is refused below.
  mutationKinds: ['wrong path', 'misspelt body property'],
  async start() {
    const sentry = await startSentry(seedSentryMembers(250));
    return { sentry, requests: () => sentry.server.requests, close: () => sentry.close() };
  },
  async exercise({ sentry }) {
    const client = connect(
      await loadSpec('specs/prebuilt/sentry.yaml'),
      { token: SENTRY_ADMIN_TOKEN, organization: SENTRY_ORG, baseUrl: sentry.server.origin },
      { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 } },
    );
    await client.importUsers().collect();
    await client.createUser({ email: 'nia.new@acme.test', name: 'Nia New' });
    await client.createUser({ email: 'boss@acme.test', name: 'Bo Boss', admin: true });
    await client.deleteUser({ id: '1001' });
  },
});

describe('Sentry requests the description refuses', () => {
  const contract = loadContract('sentry.json');
  const send = (method: string, url: string, body = '') =>
    checkRequest(contract, {
      method,
      url,
      headers: { authorization: 'Bearer x', ...(body ? { 'content-type': 'application/json' } : {}) },
      body,
    }).violations.join('\n');

  it('a page size on the members list (it takes only a cursor)', () => {
    expect(send('GET', `/api/0/organizations/${SENTRY_ORG}/members/?cursor=0:100:0`)).toBe('');
    expect(send('GET', `/api/0/organizations/${SENTRY_ORG}/members/?per_page=100`)).toMatch(/query parameter "per_page" is not declared/u);
  });

  it('an invitation without an email, with an email over 75 characters, or with an unknown role', () => {
    const path = `/api/0/organizations/${SENTRY_ORG}/members/`;
    expect(send('POST', path, JSON.stringify({ email: 'a@acme.test', orgRole: 'member', sendInvite: true }))).toBe('');
    expect(send('POST', path, JSON.stringify({ orgRole: 'member' }))).toMatch(/required property 'email'/u);
    expect(send('POST', path, JSON.stringify({ email: `${'a'.repeat(70)}@acme.test` }))).toMatch(/more than 75 characters/u);
    expect(send('POST', path, JSON.stringify({ email: 'a@acme.test', orgRole: 'superuser' }))).toMatch(/orgRole/u);
  });
});
