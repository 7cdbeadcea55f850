/**
 * A template bomb (issue 27): a customer's body template repeats a long literal once per item of
 * a lookup that a hostile target answers with thousands of items. V8 builds such strings as
 * ropes, so the render is quick, but past V8's own string limit it throws a bare RangeError.
 * Either way the action fails with LIMIT_EXCEEDED naming maxOutputLength, and nothing is sent.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../src/simulators/serve-handlers.js';
import { connect } from '../../src/runtime/connect.js';
import { makeConnector } from '../runtime/fixtures.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';

let server: HandlerServer;
let items = 0;
beforeAll(async () => {
  server = await serveHandlers(
    http.get('*/teams', () => HttpResponse.json({ teams: Array.from({ length: items }, (_, index) => ({ id: `t${index}` })) })),
    http.post('*/users', () => HttpResponse.json({ id: 'u1' }, { status: 201 })),
  );
});
afterEach(() => server.reset());
afterAll(() => server.close());

const LITERAL = 'x'.repeat(60_000);
const connector = makeConnector({
  lookups: { teams: { path: '/teams', value: '[.teams[].id]' } },
  actions: {
    createUser: { method: 'POST', path: '/users', body: `{"email": {{user.email}}, "teams": [{{#each lookups.teams}}"${LITERAL}",{{/each}} 1]}` },
  },
});

describe('a template bomb in a customer spec', () => {
  it.each([
    { given: 'under V8 string limit (4,000 x 60,000 characters)', count: 4_000 },
    { given: 'past V8 string limit (9,999 x 60,000 characters)', count: 9_999 },
  ])('$given: LIMIT_EXCEEDED naming maxOutputLength, nothing sent', async ({ count }) => {
    items = count;
    const client = connect(connector, {}, { egress: ALLOW_LOOPBACK, baseUrl: server.origin });
    try {
      await expect(client.createUser({ email: 'a@x.test', name: 'A' })).rejects.toMatchObject({
        code: 'LIMIT_EXCEEDED',
        message: expect.stringContaining('maxOutputLength'),
      });
      expect(server.requests.filter((request) => request.method === 'POST')).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
