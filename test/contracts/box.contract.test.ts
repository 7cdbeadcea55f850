/**
 * Box's OpenAPI description (box/box-openapi openapi.json) judges every request of
 * specs/prebuilt/box.yaml, the Client Credentials Grant token request and the probe included.
 */
import { describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { BOX_APP, BOX_READER_APP, boxUserId, seedBoxUsers, startBox } from '../../src/simulators/box/index.js';
import { loadSpec } from '../specs/helpers/load-spec.js';
import { checkRequest } from './harness/check-request.js';
import { describeContract } from './harness/contract-suite.js';
import { loadContract } from './harness/load-contract.js';

describeContract({
  connector: 'box',
  fixture: 'box.json',
  operations: ['post_oauth2_token', 'get_users', 'post_users', 'put_users_id', 'delete_users_id'],
  async start() {
    const box = await startBox(seedBoxUsers(2100));
    return { box, requests: () => box.server.requests, close: () => box.close() };
  },
  async exercise({ box }) {
    const client = connect(
      await loadSpec('specs/prebuilt/box.yaml'),
      { ...BOX_APP },
      { egress: ALLOW_LOOPBACK, baseUrl: box.baseUrl, retry: { maxAttempts: 1 } },
    );
    await client.importUsers().collect();
    await client.createUser({ email: 'nia.new@acme.test', name: 'Nia New' });
    await client.createUser({ email: 'ada.admin@acme.test', name: 'Ada Admin', admin: true });
    await client.deactivateUser({ id: boxUserId(2) });
    await client.activateUser({ id: boxUserId(2) });
    await client.runCustomAction!('setCoadmin', { coadmin: true }, { account: { id: boxUserId(3) } });
    await client.deleteUser({ id: boxUserId(5) });
    await client.runCustomAction!('deleteWithContent', {}, { account: { id: boxUserId(4) } });
  },
});

describe('Box requests the description refuses', () => {
  const contract = loadContract('box.json');
  const send = (method: string, url: string, body = '', contentType = 'application/json') =>
    checkRequest(contract, {
      method,
      url,
      headers: { ...(url.startsWith('/oauth2') ? {} : { authorization: 'Bearer x' }), ...(body ? { 'content-type': contentType } : {}) },
      body,
    }).violations.join('\n');

  it('a user the API may not create: the primary admin role, or a name over 50 characters', () => {
    expect(send('POST', '/2.0/users', JSON.stringify({ name: 'A', login: 'a@acme.test', role: 'user', status: 'active' }))).toBe('');
    expect(send('POST', '/2.0/users', JSON.stringify({ name: 'A', login: 'a@acme.test', role: 'admin' }))).toMatch(/role/u);
    expect(send('POST', '/2.0/users', JSON.stringify({ name: 'A'.repeat(51), login: 'a@acme.test' }))).toMatch(/name/u);
    expect(send('POST', '/2.0/users', JSON.stringify({ login: 'a@acme.test' }))).toMatch(/name/u);
  });

  it('a status Box does not know, and a page over 1,000', () => {
    expect(send('PUT', '/2.0/users/12', JSON.stringify({ status: 'disabled' }))).toMatch(/status/u);
    expect(send('GET', '/2.0/users?usemarker=true&limit=1001')).toMatch(/limit/u);
  });

  it('a token request with a subject type Box does not know', () => {
    const form = (subject: string) => `grant_type=client_credentials&client_id=a&client_secret=b&box_subject_type=${subject}&box_subject_id=917251`;
    expect(send('POST', '/oauth2/token', form('enterprise'), 'application/x-www-form-urlencoded')).toBe('');
    expect(send('POST', '/oauth2/token', form('company'), 'application/x-www-form-urlencoded')).toMatch(/box_subject_type/u);
  });
});

/**
 * The capability probe is Create User (post_users) with an empty body, which the description
 * itself refuses (no `name`), so a full-access app creates nothing: that is its only violation.
 */
describe('box probe against box.json', () => {
  it('is Create User without a name: refused for its content with user management, for its rights without', async () => {
    const box = await startBox(seedBoxUsers(3));
    try {
      const spec = await loadSpec('specs/prebuilt/box.yaml');
      const verdicts: string[] = [];
      for (const app of [BOX_APP, BOX_READER_APP]) {
        const client = connect(spec, { ...app }, { egress: ALLOW_LOOPBACK, baseUrl: box.baseUrl, retry: { maxAttempts: 1 } });
        try {
          verdicts.push((await client.probeCapabilities())?.writes ?? 'none');
        } finally {
          await client.close();
        }
      }
      expect(verdicts).toEqual(['writeAllowed', 'readOnly']);
      expect(box.state.users).toHaveLength(3);
      const contract = loadContract('box.json');
      const checked = box.server.requests.map((request) => checkRequest(contract, request));
      expect(checked.map((verdict) => verdict.operationId)).toEqual(['post_oauth2_token', 'post_users', 'post_oauth2_token', 'post_users']);
      expect(checked.map((verdict) => verdict.violations)).toEqual([
        [],
        ["body: must have required property 'name'"],
        [],
        ["body: must have required property 'name'"],
      ]);
    } finally {
      await box.close();
    }
  });
});
