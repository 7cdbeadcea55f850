/** Hostile target answers end an import with a coded error, never a raw RangeError or TypeError (issue 15). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../src/simulators/serve-handlers.js';
import { connect } from '../../src/runtime/connect.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import type { ImportAction } from '../../generated/spec-types.js';
import { makeConnector } from './fixtures.js';

let server: HandlerServer;
beforeAll(async () => {
  server = await serveHandlers(
    http.get('*/deep', () => new HttpResponse(`{"users":[{"id":"1","email":"a","name":${'['.repeat(100_000)}${']'.repeat(100_000)}}]}`, { headers: { 'content-type': 'application/json' } })),
    http.get('*/link', () => HttpResponse.json({ users: [{ id: '1', email: '', name: '' }] }, { headers: { link: '<http://[::1/users>; rel="next"' } })),
  );
});
afterAll(() => server.close());

const mapping = { id: '.id', email: '.email', name: '.name' };

async function failureOf(importUsers: ImportAction): Promise<unknown> {
  const client = connect(makeConnector({ actions: { importUsers } }), {}, { baseUrl: server.origin, egress: ALLOW_LOOPBACK });
  try {
    return await client.importUsers().collect().then(() => undefined, (error: unknown) => error);
  } finally {
    await client.close();
  }
}

describe('hostile responses', () => {
  it('a value nested 100,000 levels deep is MAPPING_FAILED', async () => {
    expect(await failureOf({ path: '/deep', records: '.users', mapping })).toMatchObject({ name: 'ConnectorError', code: 'MAPPING_FAILED' });
  });

  it('a malformed Link header is PAGINATION_FAILED', async () => {
    expect(await failureOf({ path: '/link', records: '.users', mapping, pagination: { type: 'link' } })).toMatchObject({
      name: 'ConnectorError',
      code: 'PAGINATION_FAILED',
      message: expect.stringContaining('not a valid URL'),
    });
  });

  it('a template that iterates too much is LIMIT_EXCEEDED, and nothing is sent', async () => {
    const body = '{"x": [{{#each user.groups}}{{#each ../user.groups}}{{#each ../../user.groups}}1,{{/each}}{{/each}}{{/each}}0]}';
    const client = connect(makeConnector({ actions: { createUser: { method: 'POST', path: '/users', body } } }), {}, { baseUrl: server.origin, egress: ALLOW_LOOPBACK });
    const groups = Array.from({ length: 3_000 }, (_, index) => `g${index}`);
    const before = server.requests.length;
    await expect(client.createUser({ email: 'a@b.test', name: 'A', groups })).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED', message: expect.stringContaining('maxIterations') });
    expect(server.requests).toHaveLength(before);
    await client.close();
  });
});
