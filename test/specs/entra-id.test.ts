/**
 * Contract tests of specs/prebuilt/entra-id.yaml against the Entra ID simulator: the client
 * credentials token request, Graph pages through @odata.nextLink with $select and $top, create
 * with passwordProfile, enable and disable by PATCH, delete, Graph's error bodies and its 429.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import type { CompiledConnector } from '../../src/connector.js';
import { ENTRA_READER_APP, ENTRA_WRITER_APP, entraUserId, seedGraphUsers, startEntraId, type EntraSimulator } from '../../src/simulators/entra-id/index.js';
import { pathOf, queryOf, rejectionOf } from './helpers/assertions.js';
import { loadSpec } from './helpers/load-spec.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';

let entra: EntraSimulator;
let connector: CompiledConnector;
beforeAll(async () => {
  entra = await startEntraId();
  connector = await loadSpec('specs/prebuilt/entra-id.yaml');
});
afterAll(() => entra.close());
beforeEach(() => {
  entra.state.users = seedGraphUsers(2100);
  entra.state.throttleNext = 0;
  entra.server.reset();
});

function client(app: { clientId: string; clientSecret: string } = ENTRA_WRITER_APP, options: Parameters<typeof connect>[2] = {}) {
  return connect(
    connector,
    { ...app, tokenUrl: entra.tokenUrl, upnDomain: 'acme.test' },
    { egress: ALLOW_LOOPBACK, baseUrl: entra.graphUrl, retry: { maxAttempts: 1 }, ...options },
  );
}
const graphRequests = () => entra.server.requests.filter((request) => pathOf(request).startsWith('/v1.0/'));
const person = { email: 'nia.new@mail.example', name: 'Nia New', firstName: 'Nia', lastName: 'New' };

describe('entra-id spec', () => {
  it('is prebuilt for all five actions against Graph v1.0; the operator gives the token endpoint, client ID and secret', () => {
    expect(connector.spec).toMatchObject({
      id: 'entra-id',
      type: 'prebuilt',
      baseUrl: 'https://graph.microsoft.com/v1.0',
      supports: ['importUsers', 'createUser', 'activateUser', 'deactivateUser', 'deleteUser'],
    });
    const required = Object.entries(connector.spec.inputs ?? {})
      .filter(([, input]) => input.required)
      .map(([name]) => name);
    expect(required.sort()).toEqual(['clientId', 'clientSecret', 'tokenUrl']);
  });
});

describe('entra-id Import Users', () => {
  it('gets a token for the Graph .default scope, then follows @odata.nextLink with $select and $top=999', async () => {
    const accounts = await client().importUsers().collect();
    expect(accounts).toHaveLength(2100);
    const [token] = entra.server.requests;
    expect(pathOf(token)).toBe(`/${entra.state.tenantId}/oauth2/v2.0/token`);
    expect(Object.fromEntries(new URLSearchParams(token!.body))).toMatchObject({
      grant_type: 'client_credentials',
      scope: 'https://graph.microsoft.com/.default',
      client_id: ENTRA_WRITER_APP.clientId,
    });
    const pages = graphRequests();
    expect(pages).toHaveLength(3);
    expect(queryOf(pages[0])).toEqual({ $select: 'id,displayName,mail,userPrincipalName,accountEnabled,givenName,surname,externalUserState', $top: '999' });
    expect(queryOf(pages[1])).toMatchObject({ $top: '999', $skiptoken: expect.any(String) });
    expect(pages[0]?.headers.authorization).toMatch(/^Bearer eyJ/u);
    expect(accounts[0]).toEqual({
      id: entraUserId(1),
      email: 'user1@acme.test',
      name: 'User 1',
      active: true,
      state: 'active',
      userPrincipalName: 'user1@acme.test',
    });
    expect(accounts[5]).toMatchObject({ active: false, state: 'deactivated' });
    // No mailbox: the sign-in name stands in for the email.
    expect(accounts[9]?.email).toBe('user10@acme.test');
  });

  it("a wrong client secret fails at the token endpoint with Microsoft's AADSTS message, secret not shown", async () => {
    const error = await rejectionOf(client({ clientId: ENTRA_WRITER_APP.clientId, clientSecret: 'wrong-secret-value' }).importUsers().collect());
    expect(error).toMatchObject({ code: 'AUTH_FAILED' });
    expect(String(error.message)).toContain('AADSTS7000215');
    expect(JSON.stringify(error)).not.toContain('wrong-secret-value');
  });

  it('waits Retry-After on a Graph 429, then goes on', async () => {
    entra.state.throttleNext = 1;
    const waits: number[] = [];
    const accounts = await client(ENTRA_WRITER_APP, { retry: { maxAttempts: 3 }, sleep: async (ms) => void waits.push(ms) })
      .importUsers()
      .collect();
    expect(waits).toEqual([3000]);
    expect(accounts).toHaveLength(2100);
  });
});

describe('entra-id writes', () => {
  it('creates an enabled user at the sign-in domain with a generated one-time password, handed back as a secret and never logged', async () => {
    const log: string[] = [];
    const created = await client(ENTRA_WRITER_APP, { logger: (line) => void log.push(line) }).createUser(person);
    const request = graphRequests()[0]!;
    expect(`${request.method} ${pathOf(request)}`).toBe('POST /v1.0/users');
    const sent = JSON.parse(request.body);
    const password = String(created.secrets?.password);
    expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z\d]).{20}$/u);
    expect(sent).toEqual({
      accountEnabled: true,
      displayName: 'Nia New',
      givenName: 'Nia',
      surname: 'New',
      mailNickname: 'nia.new',
      userPrincipalName: 'nia.new@acme.test',
      passwordProfile: { forceChangePasswordNextSignIn: true, password },
    });
    expect(created).toMatchObject({ status: 201, account: { email: 'nia.new@acme.test', name: 'Nia New', active: true } });
    expect(log.length).toBeGreaterThan(0);
    expect(JSON.stringify([log, created])).not.toContain(password);
    // Each call its own password.
    const other = await client().createUser({ ...person, email: 'other@mail.example' });
    expect(other.secrets?.password).not.toBe(password);
  });

  it('creates the user disabled (accountEnabled false) when asked for an inactive account', async () => {
    const before = graphRequests().length;
    const created = await client().createUser({ ...person, email: 'later@mail.example' }, { active: false });
    expect(JSON.parse(graphRequests()[before]!.body)).toMatchObject({ accountEnabled: false, mailNickname: 'later' });
    expect(created.account).toMatchObject({ active: false });
  });

  it('the simulator, like Graph, refuses a create without passwordProfile.password', async () => {
    const token = (await (
      await fetch(entra.tokenUrl, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: ENTRA_WRITER_APP.clientId,
          client_secret: ENTRA_WRITER_APP.clientSecret,
          scope: 'https://graph.microsoft.com/.default',
        }),
      })
    ).json()) as { access_token: string };
    const body = {
      accountEnabled: true,
      displayName: 'N',
      mailNickname: 'n',
      userPrincipalName: 'n@acme.test',
      passwordProfile: { forceChangePasswordNextSignIn: true, password: null },
    };
    const answer = await fetch(`${entra.graphUrl}/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: { code: 'Request_BadRequest', message: expect.stringContaining('passwordProfile') } });
  });

  it('never sends null: a person without first or last name gets neither property', async () => {
    await client().createUser({ email: 'mono@mail.example', name: 'Mononym' });
    const sent = JSON.parse(graphRequests()[0]!.body);
    expect(sent).not.toHaveProperty('givenName');
    expect(sent).not.toHaveProperty('surname');
    expect(JSON.stringify(sent)).not.toContain('null');
  });

  it('refuses before sending when the userPrincipalName cannot be built', async () => {
    const withoutDomain = connect(
      connector,
      { ...ENTRA_WRITER_APP, tokenUrl: entra.tokenUrl },
      { egress: ALLOW_LOOPBACK, baseUrl: entra.graphUrl, retry: { maxAttempts: 1 } },
    );
    const error = await rejectionOf(withoutDomain.createUser(person));
    expect(error).toMatchObject({ code: 'CONFIG' });
    expect(String(error.message)).toContain('inputs.upnDomain');
    expect(String(error.hint)).toContain('upnDomain');
    expect(await rejectionOf(client().createUser({ ...person, email: '' }))).toMatchObject({ code: 'CONFIG' });
    expect(entra.server.requests).toHaveLength(0);
  });

  it('a userPrincipalName in use is CONFLICT, also for 30 days after a delete; an unverified domain is refused by Graph', async () => {
    expect(await rejectionOf(client().createUser({ ...person, email: 'user1@elsewhere.example' }))).toMatchObject({ code: 'CONFLICT', status: 400 });
    await client().deleteUser({ id: entraUserId(2) });
    expect(await rejectionOf(client().createUser({ ...person, email: 'user2@elsewhere.example' }))).toMatchObject({ code: 'CONFLICT', status: 400 });
    const unverified = connect(
      connector,
      { ...ENTRA_WRITER_APP, tokenUrl: entra.tokenUrl, upnDomain: 'not-verified.example' },
      { egress: ALLOW_LOOPBACK, baseUrl: entra.graphUrl, retry: { maxAttempts: 1 } },
    );
    const error = await rejectionOf(unverified.createUser(person));
    expect(error).toMatchObject({ code: 'TARGET_ERROR', status: 400 });
    expect(String(error.hint)).toContain('Sign-in domain');
  });

  it('disables with PATCH accountEnabled and revokes the sign-in sessions; enables with PATCH', async () => {
    const id = entraUserId(1);
    expect(await client().deactivateUser({ id })).toMatchObject({ status: 200 });
    expect(entra.state.users[0]?.accountEnabled).toBe(false);
    expect(entra.state.revokedSessions.get(id)).toBe(1);
    expect(await client().activateUser({ id })).toMatchObject({ status: 204 });
    expect(entra.state.users[0]?.accountEnabled).toBe(true);
    expect(graphRequests().map((request) => `${request.method} ${pathOf(request)} ${request.body}`)).toEqual([
      `PATCH /v1.0/users/${id} {"accountEnabled": false}`,
      `POST /v1.0/users/${id}/revokeSignInSessions `,
      `PATCH /v1.0/users/${id} {"accountEnabled": true}`,
    ]);
  });

  it('a PATCH is marked idempotent, so a 503 is retried', async () => {
    let failures = 1;
    const { http, HttpResponse } = await import('msw');
    entra.server.use(http.patch('*/v1.0/users/:id', () => (failures-- > 0 ? new HttpResponse(null, { status: 503 }) : undefined)));
    expect(await client(ENTRA_WRITER_APP, { retry: { maxAttempts: 2 }, sleep: async () => undefined }).deactivateUser({ id: entraUserId(2) })).toMatchObject({
      status: 200,
    });
    expect(graphRequests().filter((request) => request.method === 'PATCH')).toHaveLength(2);
  });

  it('deletes; a deleted user is alreadyAbsent for delete and deactivate', async () => {
    const id = entraUserId(3);
    expect(await client().deleteUser({ id })).toMatchObject({ status: 204 });
    expect(await client().deleteUser({ id })).toMatchObject({ status: 404, alreadyAbsent: true });
    expect(await client().deactivateUser({ id })).toMatchObject({ status: 404, alreadyAbsent: true });
    expect(await rejectionOf(client().activateUser({ id }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('an app with User.Read.All only imports; writes are FORBIDDEN with the permission hint', async () => {
    expect(await client(ENTRA_READER_APP).importUsers().collect()).toHaveLength(2100);
    const error = await rejectionOf(client(ENTRA_READER_APP).deleteUser({ id: entraUserId(1) }));
    expect(error).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(String(error.hint)).toContain('User.ReadWrite.All');
    expect(entra.state.users).toHaveLength(2100);
  });
});
