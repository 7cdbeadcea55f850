/** test(), preview(), previewPayload(), renderRequest() and testConnection(). */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { connect } from '../../../src/runtime/connect.js';
import { makeConnector, usersImport } from '../fixtures.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';

let server: HandlerServer;
beforeAll(async () => {
  server = await serveHandlers(
    http.get('*/users', () => HttpResponse.json({ users: [{ id: 'u1', email: 'a@x.test', name: 'A' }] }, { headers: { 'x-request-id': 'r1' } })),
    http.post('*/users', () => HttpResponse.json({ id: 'n1' }, { status: 201 })),
  );
});
afterEach(() => server.reset());
afterAll(() => server.close());

const connector = makeConnector({
  inputs: { token: { label: 'Token', secret: true }, region: { label: 'Region', default: 'eu' } },
  auth: { type: 'bearer' },
  actions: {
    importUsers: { ...usersImport, query: { region: '{{inputs.region}}' } },
    createUser: {
      method: 'POST',
      path: '/users',
      body: '{"email": {{user.email}}, "name": {{user.name}}, "region": {{inputs.region}}, "token": {{inputs.token}}}',
    },
  },
});
const options = () => ({ baseUrl: server.origin, actor: { email: 'op@corp.test', name: 'Operator' } });

describe('test()', () => {
  it('sends one import request and returns request and response, redacted', async () => {
    const client = connect(connector, { token: 'sekret-token-1' }, { egress: ALLOW_LOOPBACK, ...options() });
    const result = await client.test('importUsers');
    expect(result).toMatchObject({
      request: { method: 'GET', url: `${server.origin}/users?region=eu`, headers: { authorization: '***', accept: 'application/json' } },
      status: 200,
      headers: { 'x-request-id': 'r1' },
      body: { users: [{ id: 'u1', email: 'a@x.test', name: 'A' }] },
    });
    expect(server.requests).toHaveLength(1);
    await client.close();
  });

  it('refuses a write unless it is live', async () => {
    const client = connect(connector, { token: 'sekret-token-1' }, { egress: ALLOW_LOOPBACK, ...options() });
    await expect(client.test('createUser', { user: { email: 'a@x.test', name: 'A' } })).rejects.toMatchObject({
      code: 'CONFIG',
      hint: expect.stringContaining('live'),
    });
    expect(server.requests).toHaveLength(0);
    const live = await client.test('createUser', { user: { email: 'a@x.test', name: 'A' } }, { live: true });
    expect(live).toMatchObject({ status: 201, body: { id: 'n1' }, request: { method: 'POST' } });
    expect(JSON.parse(live.request.body ?? '')).toEqual({ email: 'a@x.test', name: 'A', region: 'eu', token: null });
    await client.close();
  });

  it('returns error statuses instead of throwing, for the operator to inspect', async () => {
    server.use(http.get('*/users', () => HttpResponse.json({ error: 'bad key' }, { status: 401 })));
    const client = connect(connector, { token: 'sekret-token-1' }, { egress: ALLOW_LOOPBACK, ...options() });
    expect(await client.test('importUsers')).toMatchObject({ status: 401, body: { error: 'bad key' } });
    await client.close();
  });
});

describe('previewPayload() and renderRequest()', () => {
  it('render with the operator as user and never send; secrets are not template variables', async () => {
    const client = connect(connector, { token: 'sekret-token-1' }, { egress: ALLOW_LOOPBACK, ...options() });
    const preview = await client.previewPayload('createUser');
    expect(preview.payload).toEqual({ email: 'op@corp.test', name: 'Operator', region: 'eu', token: null });
    const rendered = await client.renderRequest('createUser', { user: { email: 'b@x.test', name: 'B' } });
    expect(rendered).toMatchObject({ method: 'POST', url: `${server.origin}/users`, headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(rendered.body ?? '')).toMatchObject({ email: 'b@x.test' });
    expect(server.requests).toHaveLength(0);
    await client.close();
  });

  it('show where the credentials go, masked, never the secret', async () => {
    const client = connect(connector, { token: 'sekret-token-1' }, { egress: ALLOW_LOOPBACK, ...options() });
    const rendered = await client.renderRequest('createUser', { user: { email: 'b@x.test', name: 'B' } });
    expect(rendered.headers).toMatchObject({ 'content-type': 'application/json', Authorization: '***' });
    expect((await client.previewPayload('createUser')).headers.Authorization).toBe('***');
    const keyed = makeConnector({
      inputs: { token: { label: 'Key', secret: true } },
      auth: { type: 'apiKey', in: 'query', name: 'api_key' },
      actions: { importUsers: usersImport },
    });
    const keyedClient = connect(keyed, { token: 'sekret-key-2' }, { egress: ALLOW_LOOPBACK, ...options() });
    expect((await keyedClient.renderRequest('importUsers')).url).toBe(`${server.origin}/users?api_key=***`);
    expect(JSON.stringify([rendered, await keyedClient.renderRequest('importUsers')])).not.toMatch(/sekret/);
    expect(server.requests).toHaveLength(0);
    await Promise.all([client.close(), keyedClient.close()]);
  });

  it('renders the first page of an import with its pagination parameters', async () => {
    const paged = makeConnector({ actions: { importUsers: { ...usersImport, pagination: { type: 'offset', limit: 50 } } } });
    const client = connect(paged, {}, { egress: ALLOW_LOOPBACK, ...options() });
    expect((await client.renderRequest('importUsers')).url).toBe(`${server.origin}/users?offset=0&limit=50`);
    await client.close();
  });
});

describe('preview()', () => {
  it('lists each record with its problems', async () => {
    const client = connect(connector, { token: 'tok-secret-1' }, { egress: ALLOW_LOOPBACK, ...options() });
    const result = await client.preview({
      users: [
        { id: 'a', email: 'a@x.test', name: 'A' },
        { id: 'b' },
        { email: 'c@x.test' },
        { id: 'a', email: 'd@x.test', name: 'D' },
        { id: 5, email: 'e@x.test', name: 'E' },
        { id: '', email: 'f@x.test', name: 'F' },
        { id: 'g', email: 'g@x.test', name: 42 },
        { id: 'h', email: 'h@x.test', name: ['H', 'I'] },
        { id: 5, email: 'i@x.test', name: 'I' },
      ],
    });
    expect(result.records.map((record) => record.problems)).toEqual([
      [],
      ['missing email', 'missing name'],
      ['record 2 has no id; it is not imported'],
      ['duplicate id a (also record 0)'],
      ['non-string id (number 5)'],
      ['record 5 has an empty id; it is not imported'],
      ['non-string name (number)'],
      ['non-string name (array)'],
      ['duplicate id 5 (also record 4)', 'non-string id (number 5)'],
    ]);
    // Reported, yet imported with the id coerced to its JSON text.
    expect(result.records[4]?.account).toEqual({ id: '5', email: 'e@x.test', name: 'E' });
    expect(result.records[6]?.account).toEqual({ id: 'g', email: 'g@x.test', name: '42' });
    expect(result.summary).toEqual({
      records: 9,
      importable: 7,
      withProblems: 8,
      duplicates: 2,
      // Counted by kind, in the order the kinds first occur.
      byKind: { 'missing email': 1, 'missing name': 1, 'without id': 1, 'duplicate id': 2, 'non-string id': 2, 'empty id': 1, 'non-string name': 2 },
    });
    expect(Object.keys(result.summary.byKind)).toEqual([
      'missing email',
      'missing name',
      'without id',
      'duplicate id',
      'non-string id',
      'empty id',
      'non-string name',
    ]);
    expect(result.problems[0]).toBe('record 1: missing email');
    await client.close();
  });

  it('rejects a response whose records path is not an array, describing its shape', async () => {
    const client = connect(connector, { token: 'tok-secret-1' }, { egress: ALLOW_LOOPBACK, ...options() });
    await expect(client.preview({ data: [] })).rejects.toMatchObject({ code: 'BAD_RESPONSE', message: expect.stringContaining('keys data (array)') });
    await client.close();
  });
});

describe('testConnection()', () => {
  it('imports the first page when the connector can import', async () => {
    const client = connect(connector, { token: 'tok-secret-1' }, { egress: ALLOW_LOOPBACK, ...options() });
    expect(await client.testConnection()).toEqual({ ok: true, via: 'importUsers', status: 200, records: 1 });
    await client.close();
  });

  it('GETs the base URL otherwise, failing on 401', async () => {
    const writeOnly = makeConnector({ actions: { deleteUser: { method: 'DELETE', path: '/users/{account.id}' } } });
    server.use(http.get('*/base', () => HttpResponse.json({}, { status: 404 })));
    const client = connect(writeOnly, {}, { egress: ALLOW_LOOPBACK, baseUrl: `${server.origin}/base` });
    expect(await client.testConnection()).toEqual({ ok: true, via: 'baseUrl', status: 404 });
    server.use(http.get('*/base', () => HttpResponse.json({}, { status: 401 })));
    await expect(client.testConnection()).rejects.toMatchObject({ code: 'AUTH_FAILED' });
    await client.close();
  });
});
