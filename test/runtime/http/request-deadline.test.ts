/** A target that drips its answer never idles long enough for bodyMs: requestMs bounds the whole exchange. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { connect } from '../../../src/runtime/connect.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';
import { makeConnector, usersImport } from '../fixtures.js';

let server: HandlerServer;
let stopDripping = (): void => undefined;
beforeAll(async () => {
  server = await serveHandlers(
    http.get('*/users', () => {
      let timer: NodeJS.Timeout | undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"users": ['));
          // One byte every 50 ms, for ever: always within bodyMs of the last one.
          timer = setInterval(() => controller.enqueue(new TextEncoder().encode(' ')), 50);
          stopDripping = () => clearInterval(timer);
        },
        cancel() {
          clearInterval(timer);
        },
      });
      return new HttpResponse(body, { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterAll(async () => {
  stopDripping();
  await server.close();
});

describe('the request deadline', () => {
  it('ends a dripping answer with TIMEOUT after requestMs', async () => {
    const client = connect(
      makeConnector({ actions: { importUsers: usersImport } }),
      {},
      {
        baseUrl: server.origin,
        egress: ALLOW_LOOPBACK,
        timeouts: { bodyMs: 1_000, requestMs: 400 },
        retry: { maxAttempts: 1 },
      },
    );
    await expect(client.importUsers().collect()).rejects.toMatchObject({ code: 'TIMEOUT', message: expect.stringContaining('did not complete within 400 ms') });
    await client.close();
  });
});
