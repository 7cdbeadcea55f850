/** Create, activate, delete, deactivate and custom actions against a fake target. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { connect } from '../../../src/runtime/connect.js';
import { makeConnector, usersImport } from '../fixtures.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';

let server: HandlerServer;
beforeAll(async () => {
  server = await serveHandlers();
});
afterEach(() => server.reset());
afterAll(() => server.close());

const connector = makeConnector({
  inputs: { team: { label: 'Team', default: 'ops' }, token: { label: 'Token', secret: true } },
  auth: { type: 'bearer' },
  errors: {
    message: '.error.message',
    rules: [
      { status: 422, when: '.error.code == "taken"', code: 'CONFLICT', message: 'the email is already in use', hint: 'Link the existing account instead.' },
    ],
  },
  actions: {
    importUsers: usersImport,
    createUser: {
      method: 'POST',
      path: '/teams/{inputs.team}/users',
      body: '{"user": {"name": {{user.name}}, "email": {{user.email}}, "role": {{#if user.admin}}"admin"{{else}}"user"{{/if}}, "team": {{inputs.team}}, "by": {{actor.email}}}}',
      result: '.user',
    },
    activateUser: {
      method: 'PATCH',
      path: '/users/{account.id}',
      body: '{"active": true}',
      outcomes: [{ status: 403, when: '.errorCode == "E0000016"', means: 'alreadyDone' }],
    },
    deleteUser: {
      method: 'DELETE',
      path: '/users/{account.id}',
      outcomes: [
        { status: 404, when: '.error.code == "not_found"', means: 'alreadyAbsent' },
        { status: 410, when: '.error.oops[0]', means: 'alreadyAbsent' },
      ],
    },
    deactivateUser: {
      method: 'PUT',
      path: '/users/{account.id}/status',
      body: '{"status": "inactive"}',
      success: [200],
      errors: { rules: [{ status: 409, code: 'CONFLICT', message: 'already inactive' }] },
    },
    custom: {
      orderLaptop: {
        method: 'POST',
        path: '/assets/orders',
        body: '{"model": {{vars.model}}, "count": {{vars.count}}, "for": {{user.email}}}',
        variables: { model: { type: 'string', required: true }, count: { type: 'number' } },
        result: '.order.id',
      },
    },
  },
});
const options = () => ({ baseUrl: server.origin, actor: { email: 'ops@corp.test', name: 'Ops' }, sleep: async () => undefined });

describe('createUser', () => {
  it('sends the JSON body with every value JSON-encoded, and maps the result', async () => {
    server.use(
      http.post('*/teams/ops/users', async ({ request }) =>
        HttpResponse.json({ user: { id: 77, ...((await request.json()) as { user: object }).user } }, { status: 201 }),
      ),
    );
    const client = connect(connector, { token: 'tok' }, { egress: ALLOW_LOOPBACK, ...options() });
    const hostile = 'Ann", "role": "owner';
    const result = await client.createUser({ name: hostile, email: 'ann@x.test & co', admin: false });
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
      user: { name: hostile, email: 'ann@x.test & co', role: 'user', team: 'ops', by: 'ops@corp.test' },
    });
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(result).toMatchObject({ status: 201, account: { id: '77', email: 'ann@x.test & co', name: hostile } });
    await client.close();
  });

  it('fails with CONFIG before sending when the rendered body is not JSON', async () => {
    const broken = makeConnector({ actions: { createUser: { method: 'POST', path: '/users', body: '{"name": "{{user.name}}"}' } } });
    const client = connect(broken, {}, { egress: ALLOW_LOOPBACK, ...options() });
    await expect(client.createUser({ name: 'A', email: 'a@x.test' })).rejects.toMatchObject({
      code: 'CONFIG',
      message: expect.stringContaining('not valid JSON'),
    });
    expect(server.requests).toHaveLength(0);
    await client.close();
  });

  it('maps errors with the spec rules and the target message', async () => {
    server.use(http.post('*/teams/ops/users', () => HttpResponse.json({ error: { code: 'taken', message: 'Email has already been taken' } }, { status: 422 })));
    const client = connect(connector, { token: 'tok' }, { egress: ALLOW_LOOPBACK, ...options() });
    await expect(client.createUser({ name: 'A', email: 'a@x.test' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'createUser: the email is already in use: Email has already been taken',
      hint: 'Link the existing account instead.',
      status: 422,
      method: 'POST',
      bodyExcerpt: expect.stringContaining('already been taken'),
    });
    await client.close();
  });

  it.each([
    { status: 401, code: 'AUTH_FAILED' },
    { status: 402, code: 'PAYMENT_REQUIRED' },
    { status: 403, code: 'FORBIDDEN' },
    { status: 404, code: 'NOT_FOUND' },
    { status: 409, code: 'CONFLICT' },
    { status: 422, code: 'TARGET_ERROR' },
    { status: 500, code: 'TARGET_ERROR' },
  ])('maps status $status to $code by default', async ({ status, code }) => {
    server.use(http.post('*/teams/ops/users', () => HttpResponse.json({ error: { message: 'nope' } }, { status })));
    const client = connect(connector, { token: 'tok' }, { egress: ALLOW_LOOPBACK, ...options() });
    await expect(client.createUser({ name: 'A', email: 'a@x.test' })).rejects.toMatchObject({ code, status, message: expect.stringContaining(': nope') });
    await client.close();
  });
});

describe('activate, delete, deactivate', () => {
  it('encodes the account id as one path segment', async () => {
    server.use(http.patch('*/users/:id', () => HttpResponse.json({})));
    const client = connect(connector, { token: 'tok' }, { egress: ALLOW_LOOPBACK, ...options() });
    await client.activateUser({ id: '../admin?x=1#y' });
    expect(server.requests[0]?.url).toBe('/users/..%2Fadmin%3Fx%3D1%23y');
    await client.close();
  });

  it('deleteUser of an account the target says it no longer has succeeds with alreadyAbsent', async () => {
    server.use(http.delete('*/users/:id', () => HttpResponse.json({ error: { code: 'not_found', message: 'not found' } }, { status: 404 })));
    const client = connect(connector, { token: 'tok' }, { egress: ALLOW_LOOPBACK, ...options() });
    expect(await client.deleteUser({ id: 'gone' })).toMatchObject({ status: 404, alreadyAbsent: true });
    await client.close();
  });

  it.each([
    {
      what: 'an HTML page (a wrong base URL)',
      body: () => new HttpResponse('<html><body>Not Found</body></html>', { status: 404, headers: { 'content-type': 'text/html' } }),
      hint: /HTML page/u,
    },
    { what: "another API's JSON", body: () => HttpResponse.json({ message: 'No route' }, { status: 404 }), hint: /inputs the path uses/u },
    { what: 'an empty body', body: () => new HttpResponse(null, { status: 404 }), hint: /outcome rules/u },
  ])('a 404 with $what is NOT_FOUND, never "already absent"', async ({ body, hint }) => {
    server.use(http.delete('*/users/:id', body));
    const client = connect(connector, { token: 'tok' }, { egress: ALLOW_LOOPBACK, ...options() });
    const error = await client.deleteUser({ id: 'u1' }).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, hint: expect.stringMatching(hint) });
    await client.close();
  });

  it('a rule whose condition fails on the body does not match (the 410 is an error)', async () => {
    server.use(http.delete('*/users/:id', () => HttpResponse.json({ error: 'gone' }, { status: 410 })));
    const client = connect(connector, { token: 'tok' }, { egress: ALLOW_LOOPBACK, ...options() });
    await expect(client.deleteUser({ id: 'u1' })).rejects.toMatchObject({ code: 'TARGET_ERROR', status: 410 });
    await client.close();
  });

  it('"already active" in the target\'s words is success with alreadyDone; another 403 is FORBIDDEN', async () => {
    server.use(
      http.patch('*/users/:id', ({ params }) =>
        params.id === 'active'
          ? HttpResponse.json({ errorCode: 'E0000016', errorSummary: 'Activation failed because the user is already active' }, { status: 403 })
          : HttpResponse.json({ errorCode: 'E0000006', errorSummary: 'You do not have permission' }, { status: 403 }),
      ),
    );
    const client = connect(connector, { token: 'tok' }, { egress: ALLOW_LOOPBACK, ...options() });
    expect(await client.activateUser({ id: 'active' })).toMatchObject({ status: 403, alreadyDone: true });
    await expect(client.activateUser({ id: 'other' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await client.close();
  });

  it('deleteUser succeeds on 204 without alreadyAbsent', async () => {
    server.use(http.delete('*/users/:id', () => new HttpResponse(null, { status: 204 })));
    const client = connect(connector, { token: 'tok' }, { egress: ALLOW_LOOPBACK, ...options() });
    expect(await client.deleteUser({ id: 'u1' })).toEqual({ status: 204, body: undefined });
    await client.close();
  });

  it('uses the action rules first and the action success list', async () => {
    server.use(http.put('*/users/:id/status', () => HttpResponse.json({}, { status: 409 })));
    const client = connect(connector, { token: 'tok' }, { egress: ALLOW_LOOPBACK, ...options() });
    await expect(client.deactivateUser({ id: 'u1' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'deactivateUser: already inactive' });
    server.use(http.put('*/users/:id/status', () => HttpResponse.json({}, { status: 202 })));
    await expect(client.deactivateUser({ id: 'u1' })).rejects.toMatchObject({ code: 'TARGET_ERROR', status: 202 });
    await client.close();
  });
});

describe('custom actions', () => {
  it('runs with declared variables and returns the result expression', async () => {
    server.use(http.post('*/assets/orders', () => HttpResponse.json({ order: { id: 'o-9' } })));
    const client = connect(connector, { token: 'tok' }, { egress: ALLOW_LOOPBACK, ...options() });
    const result = await client.runCustomAction('orderLaptop', { model: 'X1 "Carbon"', count: 2 }, { user: { email: 'a@x.test', name: 'A' } });
    expect(result).toMatchObject({ status: 200, result: 'o-9' });
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ model: 'X1 "Carbon"', count: 2, for: 'a@x.test' });
    await client.close();
  });

  it.each([
    { vars: {}, want: /`model` is required/ },
    { vars: { model: 'X', count: '2' }, want: /`count` must be a number/ },
  ])('checks variables $vars', async ({ vars, want }) => {
    const client = connect(connector, { token: 'tok' }, { egress: ALLOW_LOOPBACK, ...options() });
    await expect(client.runCustomAction('orderLaptop', vars)).rejects.toMatchObject({ code: 'CONFIG', message: expect.stringMatching(want) });
    expect(server.requests).toHaveLength(0);
    await client.close();
  });
});

describe('connect', () => {
  it.each([
    { inputs: {}, options: {}, want: /no base URL/ },
    { inputs: { baseUrl: 'ftp://x' }, options: {}, want: /not an http\(s\) URL/ },
    { inputs: {}, options: { baseUrl: 'https://u:p@x.test' }, want: /must not carry credentials/ },
    { inputs: {}, options: { baseUrl: 'https://x.test/api?tenant=1' }, want: /must not carry a query or a fragment/ },
    { inputs: { baseUrl: 'https://x.test/api#v2' }, options: {}, want: /must not carry a query or a fragment/ },
  ])('refuses a bad base URL: $want', ({ inputs, options: extra, want }) => {
    expect(() => connect(makeConnector({ actions: { importUsers: usersImport } }), inputs, { egress: ALLOW_LOOPBACK, ...extra })).toThrow(want);
  });

  it('checks required, url and email inputs', () => {
    const spec = makeConnector({
      baseUrl: 'https://x.test',
      inputs: { site: { label: 'Site', type: 'url', required: true }, owner: { label: 'Owner', type: 'email' } },
      actions: { importUsers: usersImport },
    });
    expect(() => connect(spec, {}, { egress: ALLOW_LOOPBACK })).toThrow(/`site` \(Site\) is required/);
    expect(() => connect(spec, { site: 'nope' }, { egress: ALLOW_LOOPBACK })).toThrow(/not an http\(s\) URL/);
    expect(() => connect(spec, { site: 'https://a.test', owner: 'x' }, { egress: ALLOW_LOOPBACK })).toThrow(/not an email address/);
  });
});
