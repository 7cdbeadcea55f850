/**
 * The bytes of a target's answer as the transport hands them on (issue 27, "everything that
 * touches a target's answer off the main thread"): whether the target declares its length or
 * sends it chunked, the body is whole in an ArrayBuffer of its own and of its exact length, which
 * the jq isolate takes over without a copy on the main thread (jq-isolate.ts ownBytes); a body
 * joined from pooled chunks had to be copied there. The cap still holds either way.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS, HttpTransport } from '../../src/runtime/http/http-transport.js';
import { ALLOW_LOOPBACK, createEgressGuard } from '../../src/runtime/http/egress-policy.js';
import { Redactor } from '../../src/runtime/redact.js';

/** `/declared/<n>` and `/chunked/<n>`: n bytes in 1000-byte writes, with or without a content-length; a HEAD answers the length only. */
let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    const [, how, count] = (request.url ?? '/').split('/');
    const bytes = Buffer.from('x'.repeat(Number(count)));
    if (how === 'declared' || request.method === 'HEAD') response.setHeader('content-length', bytes.length);
    response.writeHead(200, { 'content-type': 'text/plain' });
    if (request.method === 'HEAD') return void response.end();
    for (let at = 0; at < bytes.length; at += 1000) response.write(bytes.subarray(at, at + 1000));
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const transportWith = (maxResponseBytes: number) =>
  new HttpTransport({ timeouts: DEFAULT_TIMEOUTS, maxResponseBytes, redactor: new Redactor(), egress: createEgressGuard(ALLOW_LOOPBACK) });
const get = (transport: HttpTransport, path: string, method = 'GET') => transport.send({ method, url: new URL(path, origin), headers: {}, action: 'test' });

describe('the bytes of an answer', () => {
  it.each([
    ['declared', 300],
    ['declared', 200_000],
    ['chunked', 300],
    ['chunked', 200_000],
    // Past a mebibyte the reads are copied as they arrive, into a buffer grown in place (http-transport.ts).
    ['declared', 3_000_000],
    ['chunked', 3_000_000],
  ])('arrive whole, in an ArrayBuffer of their own and exact length (%s, %i bytes)', async (how, size) => {
    const transport = transportWith(4_000_000);
    try {
      const { body } = await get(transport, `/${how}/${size}`);
      expect(body.length).toBe(size);
      expect(body.toString('latin1')).toBe('x'.repeat(size));
      expect({ byteOffset: body.byteOffset, buffer: body.buffer.byteLength }).toEqual({ byteOffset: 0, buffer: size });
    } finally {
      await transport.close();
    }
  });

  it('answers an empty body to a HEAD that declares a length', async () => {
    const transport = transportWith(1_000_000);
    try {
      const response = await get(transport, '/declared/5000', 'HEAD');
      expect(response.headers['content-length']).toBe('5000');
      expect(response.body.length).toBe(0);
    } finally {
      await transport.close();
    }
  });

  it.each(['declared', 'chunked'])('refuses a %s body past the cap with BAD_RESPONSE naming it', async (how) => {
    const transport = transportWith(50_000);
    try {
      await expect(get(transport, `/${how}/60000`)).rejects.toMatchObject({
        code: 'BAD_RESPONSE',
        message: expect.stringContaining('larger than 50000 bytes'),
      });
    } finally {
      await transport.close();
    }
  });
});
