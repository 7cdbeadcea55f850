/**
 * Contract tests of specs/scim/scim-2.0-oauth.yaml: generic SCIM 2.0 with OAuth 2.0 client
 * credentials at the tenant's own token endpoint (an operator input), against the real SCIM server
 * of test/targets/scim/ (scimmy + scimmy-routers in Express 4) with a token endpoint added.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { connect } from '../../src/index.js';
import type { CompiledConnector } from '../../src/connector.js';
import { startScimServer, type ScimServer } from '../targets/scim/server.js';
import { TOKEN_PATH } from '../targets/scim/token-endpoint.js';
import { seedScimUsers } from '../targets/scim/user-store.js';
import { rejectionOf } from './helpers/assertions.js';
import { loadSpec, REPO_ROOT } from './helpers/load-spec.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';

const CLIENT = { clientId: 'scim-provisioner', clientSecret: 'cs-7Hq2!x9/zz' };
const USER_COUNT = 130;
const PAGE_CAP = 25;

let server: ScimServer;
let connector: CompiledConnector;
let tokenUrl: string;
/** Tokens issued before the current test; the test's n-th token is `accessToken(n)`. */
let issuedBefore = 0;
const accessToken = (n: number) => `scim-access-${issuedBefore + n}-${CLIENT.clientId}`;
const connectTo = (inputs: Record<string, string | undefined> = {}) =>
  connect(connector, { baseUrl: server.baseUrl, tokenUrl, ...CLIENT, ...inputs }, { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 } });
const requestsTo = (method: string, path: string) =>
  server.requests.filter((request) => request.method === method && new URL(request.url, 'http://x').pathname === path);
const trace = () => server.requests.map((request) => `${request.method} ${new URL(request.url, 'http://x').pathname}`);

beforeAll(async () => {
  server = await startScimServer({ oauth: CLIENT, pageCap: PAGE_CAP });
  tokenUrl = server.oauth?.tokenUrl ?? '';
  connector = await loadSpec('specs/scim/scim-2.0-oauth.yaml');
});
afterAll(() => server.close());
beforeEach(() => {
  server.store.users = new Map(seedScimUsers({ count: USER_COUNT }).map((user) => [user.id, user]));
  server.store.pageCap = PAGE_CAP;
  server.oauth?.revokeAll();
  issuedBefore = server.oauth?.issued() ?? 0;
  server.requests.length = 0;
});

describe('scim-2-0-oauth spec', () => {
  it('shares the requests, mapping and error extraction of scim-2.0.yaml; only auth and inputs differ', async () => {
    const read = async (file: string) => parse(await readFile(`${REPO_ROOT}${file}`, 'utf8')) as Record<string, { message?: string }>;
    const [bearer, oauth] = await Promise.all([read('specs/scim/scim-2.0.yaml'), read('specs/scim/scim-2.0-oauth.yaml')]);
    expect(oauth.actions).toEqual(bearer.actions);
    expect(oauth.headers).toEqual(bearer.headers);
    expect(oauth.errors?.message).toEqual(bearer.errors?.message);
    expect(connector.spec.auth).toMatchObject({ type: 'oauth2', grant: 'client_credentials', tokenUrl: '{inputs.tokenUrl}' });
  });
});

describe('scim-2-0-oauth with OAuth 2.0 client credentials', () => {
  it('requests one token from the tenant token endpoint and imports every page with it', async () => {
    const accounts = await connectTo().importUsers().collect();

    expect(accounts).toHaveLength(USER_COUNT);
    expect(new Set(accounts.map((account) => account.id)).size).toBe(USER_COUNT);
    const [token, ...others] = requestsTo('POST', TOKEN_PATH);
    expect(others).toEqual([]);
    // RFC 6749 section 2.3.1: form-urlencoded (`!` -> %21, `/` -> %2F), then base64.
    const basic = Buffer.from(`${CLIENT.clientId}:cs-7Hq2%21x9%2Fzz`).toString('base64');
    expect(token?.headers.authorization).toBe(`Basic ${basic}`);
    expect(token?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(token?.body).toEqual({ grant_type: 'client_credentials' });
    const lists = requestsTo('GET', '/scim/v2/Users');
    expect(lists).toHaveLength(Math.ceil(USER_COUNT / PAGE_CAP));
    for (const request of lists) expect(request.headers.authorization).toBe(`Bearer ${accessToken(1)}`);
    expect(trace()[0]).toBe(`POST ${TOKEN_PATH}`);
  });

  it('creates a user with POST /Users, reusing the connection token', async () => {
    const client = connectTo();
    await client.importUsers().collect();
    const person = { email: 'dana.novak@example.com', name: 'Dana Novak', firstName: 'Dana', lastName: 'Novak' };
    const result = await client.createUser(person);

    expect(result.status).toBe(201);
    expect(result.account).toMatchObject({ email: 'dana.novak@example.com', name: 'Dana Novak', active: true });
    expect(server.store.users.get(String(result.account?.id))).toMatchObject({ userName: 'dana.novak@example.com' });
    const [create] = requestsTo('POST', '/scim/v2/Users');
    expect(create?.headers.authorization).toBe(`Bearer ${accessToken(1)}`);
    expect(create?.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(requestsTo('POST', TOKEN_PATH)).toHaveLength(1);
  });

  it('renews a revoked token once and sends the request again', async () => {
    const client = connectTo();
    await client.deactivateUser({ id: 'u-0001' });
    server.oauth?.revokeAll();
    server.requests.length = 0;

    const result = await client.activateUser({ id: 'u-0001' });

    expect(result.account).toMatchObject({ id: 'u-0001', active: true });
    expect(trace()).toEqual(['PATCH /scim/v2/Users/u-0001', `POST ${TOKEN_PATH}`, 'PATCH /scim/v2/Users/u-0001']);
    const [refused, resent] = requestsTo('PATCH', '/scim/v2/Users/u-0001');
    expect(refused?.headers.authorization).toBe(`Bearer ${accessToken(1)}`);
    expect(resent?.headers.authorization).toBe(`Bearer ${accessToken(2)}`);
  });

  it('renews a revoked token for a create too: the refused POST was not processed, so it is sent again', async () => {
    const client = connectTo();
    await client.deleteUser({ id: 'u-0002' });
    server.oauth?.revokeAll();
    server.requests.length = 0;

    const result = await client.createUser({ email: 'ines.reyes@example.com', name: 'Ines Reyes' });

    expect(result.status).toBe(201);
    expect(trace()).toEqual(['POST /scim/v2/Users', `POST ${TOKEN_PATH}`, 'POST /scim/v2/Users']);
    expect([...server.store.users.values()].filter((user) => user.userName === 'ines.reyes@example.com')).toHaveLength(1);
  });

  it('reports a wrong client secret as AUTH_FAILED without the secret', async () => {
    const wrongSecret = 'wrong-secret-Zq81';
    const error = await rejectionOf(connectTo({ clientSecret: wrongSecret }).importUsers().collect());

    expect(error).toMatchObject({ code: 'AUTH_FAILED', status: 401, action: 'auth' });
    expect(String(error.hint)).toMatch(/clientSecret/);
    const shown = `${JSON.stringify(error)} ${String(error.message)} ${String(error.hint)} ${String(error.bodyExcerpt)}`;
    expect(shown).not.toContain(wrongSecret);
    expect(shown).not.toContain(Buffer.from(`${CLIENT.clientId}:${wrongSecret}`).toString('base64'));
    expect(requestsTo('GET', '/scim/v2/Users')).toEqual([]);
  });

  it('needs the token URL input, and says which one', async () => {
    expect(() => connectTo({ tokenUrl: undefined })).toThrow(expect.objectContaining({ code: 'CONFIG', message: expect.stringContaining('`tokenUrl`') }));
    expect(() => connectTo({ tokenUrl: 'not a url' })).toThrow(expect.objectContaining({ code: 'CONFIG', message: expect.stringContaining('tokenUrl') }));
  });
});
