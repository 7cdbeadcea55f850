/**
 * Write actions of several requests (`steps`) against a fake Okta-like target on a real socket:
 * DELETE on an active user only deactivates it, so deleteUser is two DELETEs, each with its own
 * outcome rules; a step condition reads the previous answer.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { connect } from '../../../src/runtime/connect.js';
import type { WriteAction } from '../../../generated/spec-types.js';
import { makeConnector, noSleep, usersImport } from '../fixtures.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';

let server: HandlerServer;
const users = new Map<string, string>();
beforeAll(async () => {
  server = await serveHandlers();
});
afterEach(() => {
  server.reset();
  users.clear();
});
afterAll(() => server.close());

const notFound = { status: 404, when: '.errorCode == "E0000007"' };
const deleteTwice: WriteAction = {
  steps: [
    { method: 'DELETE', path: '/users/{account.id}', outcomes: [{ ...notFound, means: 'alreadyAbsent' }] },
    { method: 'DELETE', path: '/users/{account.id}', outcomes: [{ ...notFound, means: 'alreadyDone' }] },
  ],
};

function oktaLikeDelete() {
  return http.delete('*/api/users/:id', ({ params }) => {
    const id = String(params.id);
    const status = users.get(id);
    if (status === undefined) return HttpResponse.json({ errorCode: 'E0000007', errorSummary: `Not found: Resource not found: ${id} (User)` }, { status: 404 });
    if (status === 'ACTIVE') users.set(id, 'DEPROVISIONED');
    else users.delete(id);
    return new HttpResponse(null, { status: 204 });
  });
}

function client(deleteUser: WriteAction) {
  return connect(
    makeConnector({ actions: { importUsers: usersImport, deleteUser } }),
    {},
    { egress: ALLOW_LOOPBACK, baseUrl: `${server.origin}/api`, sleep: noSleep },
  );
}

describe('steps', () => {
  it('deletes an active user with two requests: deactivate, then delete', async () => {
    users.set('u1', 'ACTIVE');
    server.use(oktaLikeDelete());
    const okta = client(deleteTwice);
    expect(await okta.deleteUser({ id: 'u1' })).toEqual({ status: 204, body: undefined });
    expect(users.has('u1')).toBe(false);
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['DELETE /api/users/u1', 'DELETE /api/users/u1']);
    await okta.close();
  });

  it("a deactivated user is deleted by the first step; the second step's 404 is already done, not an error", async () => {
    users.set('u2', 'DEPROVISIONED');
    server.use(oktaLikeDelete());
    const okta = client(deleteTwice);
    const result = await okta.deleteUser({ id: 'u2' });
    expect(result).toMatchObject({ status: 404 });
    // Not every step had nothing to do: the account was deleted by this action.
    expect(result.alreadyDone).toBeUndefined();
    expect(result.alreadyAbsent).toBeUndefined();
    expect(server.requests).toHaveLength(2);
    await okta.close();
  });

  it('an absent user ends the action at the first step with alreadyAbsent', async () => {
    server.use(oktaLikeDelete());
    const okta = client(deleteTwice);
    expect(await okta.deleteUser({ id: 'gone' })).toMatchObject({ status: 404, alreadyAbsent: true });
    expect(server.requests).toHaveLength(1);
    await okta.close();
  });

  it("an error no step rule recognises fails the action with the step's request", async () => {
    server.use(http.delete('*/api/users/:id', () => HttpResponse.json({ errorCode: 'E0000006' }, { status: 403 })));
    const okta = client(deleteTwice);
    await expect(okta.deleteUser({ id: 'u3' })).rejects.toMatchObject({ code: 'FORBIDDEN', method: 'DELETE' });
    expect(server.requests).toHaveLength(1);
    await okta.close();
  });

  it('sends a step only when its condition on the previous answer holds', async () => {
    const deactivated: string[] = [];
    server.use(
      http.get('*/api/users/:id', ({ params }) => HttpResponse.json({ id: params.id, status: params.id === 'active' ? 'ACTIVE' : 'DEPROVISIONED' })),
      http.post('*/api/users/:id/lifecycle/deactivate', ({ params }) => {
        deactivated.push(String(params.id));
        return new HttpResponse(null, { status: 200 });
      }),
      http.delete('*/api/users/:id', () => new HttpResponse(null, { status: 204 })),
    );
    const okta = client({
      steps: [
        { method: 'GET', path: '/users/{account.id}' },
        { method: 'POST', path: '/users/{account.id}/lifecycle/deactivate', when: '.previous.status != "DEPROVISIONED"' },
        { method: 'DELETE', path: '/users/{account.id}' },
      ],
    });
    await okta.deleteUser({ id: 'active' });
    await okta.deleteUser({ id: 'inactive' });
    expect(deactivated).toEqual(['active']);
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/users/active',
      'POST /api/users/active/lifecycle/deactivate',
      'DELETE /api/users/active',
      'GET /api/users/inactive',
      'DELETE /api/users/inactive',
    ]);
    await okta.close();
  });

  it('a condition that fails is an error, not a guess', async () => {
    server.use(http.get('*/api/users/:id', () => HttpResponse.json({ id: 'x' })));
    const okta = client({
      steps: [
        { method: 'GET', path: '/users/{account.id}' },
        { method: 'DELETE', path: '/users/{account.id}', when: '.previous.id | error("boom")' },
      ],
    });
    await expect(okta.deleteUser({ id: 'x' })).rejects.toMatchObject({
      code: 'MAPPING_FAILED',
      message: expect.stringContaining('condition of step 2 failed'),
    });
    await okta.close();
  });

  it("a dry run shows every step's request", async () => {
    const okta = client(deleteTwice);
    const rendered = await okta.renderRequest('deleteUser', { account: { id: 'u9' } });
    expect(rendered.steps?.map((step) => `${step.method} ${step.url}`)).toEqual([
      `DELETE ${server.origin}/api/users/u9`,
      `DELETE ${server.origin}/api/users/u9`,
    ]);
    expect(server.requests).toHaveLength(0);
    await okta.close();
  });
});
