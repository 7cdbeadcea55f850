/** Cloudflare's OpenAPI description (cloudflare/api-schemas) judges every request of specs/prebuilt/cloudflare.yaml, the role lookups included. */
import { describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import {
  CLOUDFLARE_ACCOUNT,
  CLOUDFLARE_EDIT_TOKEN,
  cloudflareMemberId,
  roleId,
  seedCloudflareMembers,
  startCloudflare,
} from '../../src/simulators/cloudflare/index.js';
import { loadSpec } from '../specs/helpers/load-spec.js';
import { checkRequest } from './harness/check-request.js';
import { describeContract } from './harness/contract-suite.js';
import { loadContract } from './harness/load-contract.js';

describeContract({
  connector: 'cloudflare',
  fixture: 'cloudflare.json',
  operations: [
    'account-members-list-members',
    'account-members-add-member',
    'account-members-update-member',
    'account-members-remove-member',
    'account-roles-list-roles',
  ],
  async start() {
    const cloudflare = await startCloudflare(seedCloudflareMembers(230));
    return { cloudflare, requests: () => cloudflare.server.requests, close: () => cloudflare.close() };
  },
  async exercise({ cloudflare }) {
    const client = connect(
      await loadSpec('specs/prebuilt/cloudflare.yaml'),
      { token: CLOUDFLARE_EDIT_TOKEN, account: CLOUDFLARE_ACCOUNT, baseUrl: cloudflare.baseUrl },
      { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 } },
    );
    await client.importUsers().collect();
    await client.createUser({ email: 'nia.new@acme.test', name: 'Nia New' });
    await client.createUser({ email: 'boss@acme.test', name: 'Bo Boss', admin: true });
    await client.runCustomAction!('setRole', { roleId: roleId('DNS') }, { account: { id: cloudflareMemberId(3) } });
    await client.deleteUser({ id: cloudflareMemberId(1) });
  },
});

describe('Cloudflare requests the description refuses', () => {
  const contract = loadContract('cloudflare.json');
  const path = `/client/v4/accounts/${CLOUDFLARE_ACCOUNT}/members`;
  const send = (method: string, url: string, body = '') =>
    checkRequest(contract, {
      method,
      url,
      headers: { authorization: 'Bearer x', ...(body ? { 'content-type': 'application/json' } : {}) },
      body,
    }).violations.join('\n');

  it('a member list page smaller than 5 or larger than 50', () => {
    expect(send('GET', `${path}?page=1&per_page=50`)).toBe('');
    expect(send('GET', `${path}?page=1&per_page=4`)).toMatch(/per_page/u);
    expect(send('GET', `${path}?page=0&per_page=50`)).toMatch(/page/u);
  });

  it('a member added without roles, with an email over 90 characters, or with an unknown status', () => {
    expect(send('POST', path, JSON.stringify({ email: 'a@acme.test', roles: [roleId('DNS')] }))).toBe('');
    expect(send('POST', path, JSON.stringify({ email: 'a@acme.test' }))).not.toBe('');
    expect(send('POST', path, JSON.stringify({ email: `${'a'.repeat(85)}@acme.test`, roles: [roleId('DNS')] }))).not.toBe('');
    expect(send('POST', path, JSON.stringify({ email: 'a@acme.test', roles: [roleId('DNS')], status: 'active' }))).not.toBe('');
  });

  it('a removal without its JSON body (the description requires one)', () => {
    expect(send('DELETE', `${path}/${cloudflareMemberId(1)}`, '{}')).toBe('');
    expect(send('DELETE', `${path}/${cloudflareMemberId(1)}`)).toMatch(/requires a body/u);
  });
});
