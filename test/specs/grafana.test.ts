/**
 * specs/prebuilt/grafana.yaml against the Grafana simulator: Basic authentication of a server
 * admin, import over numbered pages (admin from the server admin flag, disabled deactivated),
 * create with a generated password, disable, enable, grant server admin (custom action), delete,
 * delete again counted as done, and Grafana's error bodies.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import type { CompiledConnector } from '../../src/connector.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { GRAFANA_ADMIN, GRAFANA_READER, seedGrafanaUsers, startGrafana, type GrafanaSimulator } from '../../src/simulators/grafana/index.js';
import { pathOf, queryOf, rejectionOf } from './helpers/assertions.js';
import { loadSpec } from './helpers/load-spec.js';

let grafana: GrafanaSimulator;
let connector: CompiledConnector;
beforeAll(async () => {
  grafana = await startGrafana();
  connector = await loadSpec('specs/prebuilt/grafana.yaml');
});
afterAll(() => grafana.close());
beforeEach(() => {
  grafana.state.users = seedGrafanaUsers(2100);
  grafana.state.passwords = {};
  grafana.server.reset();
});

function client(credential: { username: string; password: string } = GRAFANA_ADMIN) {
  return connect(connector, { ...credential, baseUrl: grafana.baseUrl }, { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 } });
}
const user = (id: string) => grafana.state.users.find((candidate) => String(candidate.id) === id);

describe('grafana spec', () => {
  it('is prebuilt for import, create, activate, delete and deactivate, with the server admin flag as a custom action', () => {
    expect(connector.spec).toMatchObject({
      id: 'grafana',
      type: 'prebuilt',
      supports: ['importUsers', 'createUser', 'activateUser', 'deleteUser', 'deactivateUser'],
    });
    expect(Object.keys(connector.spec.actions.custom ?? {})).toEqual(['setServerAdmin']);
    const required = Object.entries(connector.spec.inputs ?? {})
      .filter(([, input]) => input.required)
      .map(([name]) => name);
    expect(required.sort()).toEqual(['baseUrl', 'password', 'username']);
  });
});

describe('grafana Import Users', () => {
  it('imports every user over pages of 1000 numbered from 1, with Basic auth, admin and state', async () => {
    const accounts = await client().importUsers().collect();
    expect(accounts.map((account) => account.id)).toEqual(grafana.state.users.map((candidate) => String(candidate.id)));
    const requests = grafana.server.requests;
    // The third page, shorter than asked, ends the import.
    expect(requests.map((request) => `${request.method} ${pathOf(request)}`)).toEqual(Array(3).fill('GET /api/users'));
    expect(requests.map((request) => queryOf(request))).toEqual([1, 2, 3].map((page) => ({ page: String(page), perpage: '1000' })));
    expect(requests[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`${GRAFANA_ADMIN.username}:${GRAFANA_ADMIN.password}`).toString('base64')}`);
    const byNumber = (n: number) => accounts.find((account) => account.id === String(n + 1))!;
    expect(byNumber(1)).toEqual({
      id: '2',
      email: 'person1@acme.test',
      name: 'Person 1',
      admin: false,
      state: 'active',
      active: true,
      login: 'person1',
      lastSeenAt: '2026-01-05T09:00:00Z',
    });
    expect(byNumber(10)).toMatchObject({ admin: true });
    expect(byNumber(12)).toMatchObject({ name: 'person12' });
    expect(byNumber(15)).toMatchObject({ state: 'deactivated', active: false });
  });

  it('a wrong password is AUTH_FAILED', async () => {
    expect(await rejectionOf(client({ username: 'admin', password: 'wrong' }).importUsers().collect())).toMatchObject({ code: 'AUTH_FAILED', status: 401 });
  });

  it('a user who may only read users imports and is FORBIDDEN on writes, changing nothing', async () => {
    expect(await client(GRAFANA_READER).importUsers().collect()).toHaveLength(2100);
    const before = structuredClone(grafana.state.users);
    expect(await rejectionOf(client(GRAFANA_READER).createUser({ email: 'new@acme.test', name: 'New' }))).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(await rejectionOf(client(GRAFANA_READER).deleteUser({ id: '2' }))).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(grafana.state.users).toEqual(before);
  });
});

describe('grafana writes', () => {
  it('creates a local user with a generated password, handed back once and never the same twice', async () => {
    const log: string[] = [];
    const first = await connect(
      connector,
      { ...GRAFANA_ADMIN, baseUrl: grafana.baseUrl },
      { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 }, logger: (line) => void log.push(line) },
    ).createUser({
      email: 'nia.new@acme.test',
      name: 'Nia New',
    });
    const sent = JSON.parse(grafana.server.requests[0]!.body) as Record<string, string>;
    expect(sent).toMatchObject({ name: 'Nia New', email: 'nia.new@acme.test', login: 'nia.new@acme.test' });
    expect(sent.password).toHaveLength(24);
    expect(grafana.state.passwords['nia.new@acme.test']).toBe(sent.password);
    expect(first).toMatchObject({ status: 200, secrets: { password: sent.password }, account: { id: String(grafana.state.nextId) } });
    expect(log.length).toBeGreaterThan(0);
    expect(JSON.stringify([log, first.body])).not.toContain(sent.password);
    await client().createUser({ email: 'bo@acme.test', name: 'Bo' });
    expect(grafana.state.passwords['bo@acme.test']).not.toBe(sent.password);
  });

  it('an email already a user is CONFLICT (412)', async () => {
    expect(await rejectionOf(client().createUser({ email: 'person1@acme.test', name: 'Dup' }))).toMatchObject({ code: 'CONFLICT', status: 412 });
  });

  it('grants and revokes the server admin flag (custom action)', async () => {
    await client().runCustomAction!('setServerAdmin', { isGrafanaAdmin: true }, { account: { id: '3' } });
    expect(JSON.parse(grafana.server.requests[0]!.body)).toEqual({ isGrafanaAdmin: true });
    expect(user('3')?.isAdmin).toBe(true);
    await client().runCustomAction!('setServerAdmin', { isGrafanaAdmin: false }, { account: { id: '3' } });
    expect(user('3')?.isAdmin).toBe(false);
  });

  it('the whole lifecycle: create, disable, enable, delete, delete again counted as done', async () => {
    const created = await client().createUser({ email: 'nia.new@acme.test', name: 'Nia New' });
    const id = String(created.account?.id);
    expect((await client().importUsers().collect()).find((account) => account.id === id)).toMatchObject({ email: 'nia.new@acme.test', state: 'active' });
    expect(await client().deactivateUser({ id })).toMatchObject({ status: 200 });
    expect(user(id)?.isDisabled).toBe(true);
    expect((await client().importUsers().collect()).find((account) => account.id === id)).toMatchObject({ state: 'deactivated' });
    expect(await client().activateUser({ id })).toMatchObject({ status: 200 });
    expect(user(id)?.isDisabled).toBe(false);
    expect(await client().deleteUser({ id })).toMatchObject({ status: 200 });
    expect((await client().importUsers().collect()).map((account) => account.id)).not.toContain(id);
    expect(await client().deleteUser({ id })).toMatchObject({ status: 404, alreadyAbsent: true });
    expect(await client().deactivateUser({ id })).toMatchObject({ status: 404, alreadyAbsent: true });
  });
});
