/**
 * Serves msw request handlers on a real 127.0.0.1 socket.
 *
 * msw 2 intercepts fetch and http.request, not undici's own Client/Pool, so the runtime is tested
 * the way it runs: over TCP, with keep-alive pooling, timeouts and resets. Fake target applications
 * (test/targets/, src/simulators/) are plain msw handlers; this file turns them into a server.
 *
 * Failure scenarios a handler can ask for:
 * - `Response.error()` (msw's `HttpResponse.error()`): the socket is destroyed, the client sees a reset.
 * - header `x-simulate-truncate: <bytes>`: only that many body bytes are written, then the socket is destroyed.
 * - header `x-simulate-hang: 1`: no response at all (for header timeouts); the socket closes with the server.
 * - header `x-simulate-stream: 1`: the headers at once, then each chunk of the handler's body stream
 *   as the handler produces it (a drip-fed body); the stream is cancelled when the client goes away.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getResponse, type RequestHandler } from 'msw';

export interface RecordedRequest {
  method: string;
  /** Path and query as sent, e.g. `/users?limit=100&offset=0`. */
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Default number of requests kept in `requests`. A long-lived simulator (`npm run demo -- --serve`)
 * would otherwise grow without bound; tests never come near it.
 */
export const MAX_RECORDED_REQUESTS = 10_000;

export interface HandlerServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** The requests received since start or the last `reset()`, in order (the last `maxRecordedRequests`). */
  readonly requests: RecordedRequest[];
  /** How many requests `requests` keeps; older ones are dropped first. */
  maxRecordedRequests: number;
  /** Prepends handlers (they win over the initial ones) until the next `reset()`. */
  use(...handlers: RequestHandler[]): void;
  /** Drops handlers added with `use()` and the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function toFetchRequest(origin: string, request: IncomingMessage, body: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = request.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD' && body.length > 0;
  return new Request(new URL(request.url ?? '/', origin), { method, headers, body: hasBody ? body : undefined });
}

async function streamResponse(response: Response, stream: ReadableStream<Uint8Array>, reply: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!name.startsWith('x-simulate-')) headers[name] = value;
  });
  reply.writeHead(response.status, headers);
  reply.flushHeaders();
  const reader = stream.getReader();
  reply.on('close', () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
    if (chunk.done || reply.destroyed) break;
    reply.write(chunk.value);
  }
  if (!reply.destroyed) reply.end();
}

async function writeResponse(response: Response, reply: ServerResponse, socket: Socket): Promise<void> {
  if (response.type === 'error') {
    socket.destroy();
    return;
  }
  if (response.headers.get('x-simulate-hang') === '1') return;
  if (response.headers.get('x-simulate-stream') === '1' && response.body) {
    await streamResponse(response, response.body, reply);
    return;
  }
  const truncateAt = response.headers.get('x-simulate-truncate');
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name.startsWith('x-simulate-')) return;
    headers[name] = name === 'set-cookie' ? response.headers.getSetCookie() : value;
  });
  if (truncateAt !== null) {
    headers['content-length'] = String(body.length);
    reply.writeHead(response.status, headers);
    reply.write(body.subarray(0, Number(truncateAt)), () => socket.destroy());
    return;
  }
  reply.writeHead(response.status, headers);
  reply.end(body);
}

/** Starts a server on 127.0.0.1 with an ephemeral port. Unhandled requests get a 501 naming them. */
export async function serveHandlers(...initialHandlers: RequestHandler[]): Promise<HandlerServer> {
  let extraHandlers: RequestHandler[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let origin = '';

  const server: Server = createServer((request, reply) => {
    void (async () => {
      const body = await readBody(request);
      while (requests.length >= handlerServer.maxRecordedRequests) requests.shift();
      requests.push({
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')])),
        body: body.toString('utf8'),
      });
      const fetchRequest = toFetchRequest(origin, request, body);
      const response =
        (await getResponse([...extraHandlers, ...initialHandlers], fetchRequest)) ??
        new Response(JSON.stringify({ error: `no handler for ${request.method} ${request.url}` }), {
          status: 501,
          headers: { 'content-type': 'application/json' },
        });
      await writeResponse(response, reply, request.socket);
    })().catch((error: unknown) => {
      reply.statusCode = 500;
      reply.end(`simulator failure: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const handlerServer: HandlerServer = {
    origin,
    requests,
    maxRecordedRequests: MAX_RECORDED_REQUESTS,
    use: (...handlers) => {
      extraHandlers = [...handlers, ...extraHandlers];
    },
    reset: () => {
      extraHandlers = [];
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return handlerServer;
}
