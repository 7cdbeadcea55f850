/**
 * Issue 15 point 8: a target's 64-bit integer ids (beyond 2^53) keep every digit through an
 * import, so two accounts whose ids differ only in the last digits never share an id.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { connect } from '../../../src/runtime/connect.js';
import { makeConnector, noSleep } from '../fixtures.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';

let server: HandlerServer;
beforeAll(async () => {
  server = await serveHandlers();
});
afterEach(() => server.reset());
afterAll(() => server.close());

// Written as text: JSON.stringify of a JavaScript number could not hold these ids.
const BODY =
  '[{"id": 1234567890123456789, "email": "ann@example.com", "name": "Ann"},' +
  ' {"id": 1234567890123456790, "email": "bob@example.com", "name": "Bob"},' +
  ' {"id": 42, "email": "cy@example.com", "name": "Cy"}]';

describe('64-bit ids', () => {
  it('map to distinct string ids with every digit', async () => {
    server.use(http.get('*/api/users', () => new HttpResponse(BODY, { headers: { 'content-type': 'application/json' } })));
    const client = connect(
      makeConnector({ actions: { importUsers: { path: '/users', mapping: { id: '.id', email: '.email', name: '.name' } } } }),
      {},
      { egress: ALLOW_LOOPBACK, baseUrl: `${server.origin}/api`, sleep: noSleep },
    );
    try {
      const accounts = await client.importUsers().collect();
      expect(accounts.map((account) => account.id)).toEqual(['1234567890123456789', '1234567890123456790', '42']);
    } finally {
      await client.close();
    }
  });

  it('keep their digits through a jq expression that builds the id', async () => {
    server.use(http.get('*/api/users', () => new HttpResponse(BODY, { headers: { 'content-type': 'application/json' } })));
    const client = connect(
      makeConnector({ actions: { importUsers: { path: '/users', mapping: { id: '"u-\\(.id)"', email: '.email', name: '.name' } } } }),
      {},
      { egress: ALLOW_LOOPBACK, baseUrl: `${server.origin}/api`, sleep: noSleep },
    );
    try {
      const accounts = await client.importUsers().collect();
      expect(accounts.map((account) => account.id)).toEqual(['u-1234567890123456789', 'u-1234567890123456790', 'u-42']);
    } finally {
      await client.close();
    }
  });
});
