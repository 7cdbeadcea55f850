import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { request } from 'undici';
import { serveHandlers, type HandlerServer } from '../../src/simulators/serve-handlers.js';

describe('serveHandlers', () => {
  let server: HandlerServer;
  beforeAll(async () => {
    server = await serveHandlers(http.get('*/users', () => HttpResponse.json({ users: [{ id: 'P1' }] })));
  });
  afterAll(() => server.close());

  it('answers undici over a real socket and records the request', async () => {
    const response = await request(`${server.origin}/users?limit=2`, { headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(200);
    expect(await response.body.json()).toEqual({ users: [{ id: 'P1' }] });
    expect(server.requests).toEqual([expect.objectContaining({ method: 'GET', url: '/users?limit=2', body: '' })]);
    expect(server.requests[0]?.headers.accept).toBe('application/json');
  });

  it('lets a test override a handler until reset', async () => {
    server.use(http.get('*/users', () => HttpResponse.json({ users: [] }, { status: 503 })));
    expect((await request(`${server.origin}/users`)).statusCode).toBe(503);
    server.reset();
    expect((await request(`${server.origin}/users`)).statusCode).toBe(200);
  });

  it('resets the connection when a handler returns a network error', async () => {
    server.use(http.get('*/users', () => HttpResponse.error()));
    await expect(request(`${server.origin}/users`)).rejects.toMatchObject({ code: expect.stringMatching(/UND_ERR_SOCKET|ECONNRESET/) });
    server.reset();
  });

  it('truncates a body when asked', async () => {
    server.use(http.get('*/users', () => HttpResponse.text('{"users":[{"id":"P1"},{"id":"P2"}]}', { headers: { 'x-simulate-truncate': '10' } })));
    const response = await request(`${server.origin}/users`);
    await expect(response.body.text()).rejects.toThrow();
    server.reset();
  });
});

describe('serveHandlers request log', () => {
  it('keeps only the most recent requests, so a long-lived simulator does not grow', async () => {
    const server = await serveHandlers(http.get('*/ping', () => HttpResponse.text('pong')));
    try {
      server.maxRecordedRequests = 3;
      for (let i = 0; i < 5; i += 1) await (await request(`${server.origin}/ping?n=${i}`)).body.text();
      expect(server.requests.map((r) => r.url)).toEqual(['/ping?n=2', '/ping?n=3', '/ping?n=4']);
    } finally {
      await server.close();
    }
  });
});
