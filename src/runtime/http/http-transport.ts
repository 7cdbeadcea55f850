/**
 * The only place that talks to the network. One undici Agent per connection, which keeps one
 * keep-alive pool per target origin. Connect, header and body timeouts become TIMEOUT, resets
 * NETWORK (undici's error, with its code, stays as the cause), and a body larger than the cap
 * is cut off while it is read and reported as BAD_RESPONSE.
 */
import { Agent } from 'undici';
import { ConnectorError } from '../errors.js';
import type { Redactor } from '../redact.js';
import type { EgressGuard } from './egress-policy.js';
import { withUserAgent } from './user-agent.js';

export interface Timeouts {
  /** TCP (and TLS) connect. */
  connectMs: number;
  /** From sending the request to the end of the response headers. */
  headersMs: number;
  /** Idle time between two body chunks. */
  bodyMs: number;
  /**
   * The whole exchange, body included: a target that drips one byte a second never idles long
   * enough for bodyMs, so without this one request could hold an import open forever.
   */
  requestMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000, requestMs: 120_000 };
export const DEFAULT_MAX_RESPONSE_BYTES = 50 * 1024 * 1024;
/** Sockets per target origin; more requests queue inside the pool. */
export const DEFAULT_MAX_CONNECTIONS_PER_ORIGIN = 16;

export interface HttpRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string | undefined;
  /** For error messages: the action this request belongs to. */
  action: string;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  url: URL;
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

export class HttpTransport {
  private readonly agent: Agent;

  constructor(
    private readonly options: { timeouts: Timeouts; maxResponseBytes: number; maxConnectionsPerOrigin?: number; redactor: Redactor; egress: EgressGuard },
  ) {
    this.agent = new Agent({
      // Every socket resolves through the egress guard and connects to the address it checked.
      connect: { timeout: options.timeouts.connectMs, lookup: options.egress.lookup },
      headersTimeout: options.timeouts.headersMs,
      bodyTimeout: options.timeouts.bodyMs,
      keepAliveTimeout: 10_000,
      connections: options.maxConnectionsPerOrigin ?? DEFAULT_MAX_CONNECTIONS_PER_ORIGIN,
    });
  }

  /** Sends one request (no retries, no redirects) and reads the whole body within the size cap. */
  async send(request: HttpRequest): Promise<HttpResponse> {
    const { redactor, maxResponseBytes } = this.options;
    const where = { action: request.action, method: request.method, url: redactor.redactUrl(request.url) };
    // A literal address never reaches the lookup: check it before dialling.
    this.options.egress.checkUrl(request.url, request.action);
    const deadline = AbortSignal.timeout(this.options.timeouts.requestMs);
    try {
      const response = await this.agent.request({
        origin: request.url.origin,
        path: `${request.url.pathname}${request.url.search}`,
        method: request.method as 'GET',
        // Requests not rendered from a spec (token requests, the base URL probe) get the default too.
        headers: withUserAgent(request.headers),
        body: request.body,
        signal: deadline,
      });
      const declared = Number(response.headers['content-length'] ?? 'NaN');
      // Destroying the stream makes it emit an AbortError; nobody else listens, so absorb it here.
      response.body.on('error', () => undefined);
      if (declared > maxResponseBytes) {
        response.body.destroy();
        throw tooLarge(where, maxResponseBytes);
      }
      const body = new BodyBytes(maxResponseBytes);
      for await (const chunk of response.body) {
        if (body.size + (chunk as Buffer).length > maxResponseBytes) {
          response.body.destroy();
          throw tooLarge(where, maxResponseBytes);
        }
        body.add(chunk as Buffer);
      }
      return { status: response.statusCode, headers: flattenHeaders(response.headers), body: body.bytes(), url: request.url };
    } catch (error) {
      if (deadline.aborted) throw deadlineExceeded(where, this.options.timeouts.requestMs);
      throw toTransportError(error, where);
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

/**
 * A body's bytes, copied into one buffer a socket read at a time as they arrive: the chunks die
 * young, and the whole body ends up in an ArrayBuffer of its own and of its exact length, which
 * the jq isolate takes over without a copy. A sampled Test or Preview of a 20 MB answer thus
 * copies nothing more on this thread (Buffer.concat of the chunks took 20-30 ms of it in one go,
 * and kept every chunk alive until then). The buffer is a resizable ArrayBuffer that grows in
 * place to what has arrived, up to the cap: a declared length is never trusted for allocation (a
 * target that declares 50 MB and sends a trickle holds only the trickle).
 */
class BodyBytes {
  size = 0;
  /** Undefined until the first chunk, so a HEAD or a 204 allocates nothing. */
  private buffer: ResizableArrayBuffer | undefined;

  constructor(private readonly cap: number) {}

  add(chunk: Uint8Array): void {
    this.buffer ??= new Resizable(0, { maxByteLength: this.cap });
    const end = this.size + chunk.length;
    this.buffer.resize(end);
    new Uint8Array(this.buffer, this.size, chunk.length).set(chunk);
    this.size = end;
  }

  bytes(): Buffer {
    return this.buffer === undefined ? Buffer.alloc(0) : Buffer.from(this.buffer, 0, this.size);
  }
}

/** ES2024's resizable ArrayBuffer (Node 20 has it; the project's TypeScript lib predates it). */
interface ResizableArrayBuffer extends ArrayBuffer {
  resize(byteLength: number): void;
}
const Resizable = ArrayBuffer as unknown as new (byteLength: number, options: { maxByteLength: number }) => ResizableArrayBuffer;

function deadlineExceeded(where: { action: string; method: string; url: string }, limitMs: number): ConnectorError {
  return new ConnectorError('TIMEOUT', `${where.action}: ${where.method} ${where.url} did not complete within ${limitMs} ms`, {
    ...where,
    hint: 'The target sends its answer too slowly; try later, or raise timeouts.requestMs.',
  });
}

function tooLarge(where: { action: string; method: string; url: string }, limit: number): ConnectorError {
  return new ConnectorError('BAD_RESPONSE', `${where.action}: response body is larger than ${limit} bytes`, {
    ...where,
    hint: 'Raise maxResponseBytes, or ask for smaller pages.',
  });
}

/** undici errors (code UND_ERR_* or a socket errno) -> TIMEOUT / NETWORK, keeping the original as cause. */
export function toTransportError(error: unknown, where: { action: string; method: string; url: string }): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const codeText = typeof code === 'string' ? code : 'unknown';
  if (TIMEOUT_CODES.has(codeText)) {
    return new ConnectorError('TIMEOUT', `${where.action}: ${where.method} ${where.url} timed out (${codeText})`, {
      ...where,
      hint: 'The target is slow or unreachable; try later, or raise the timeouts (connect option `timeouts`, CLI `--timeout`).',
      cause: error,
    });
  }
  return new ConnectorError('NETWORK', `${where.action}: ${where.method} ${where.url} failed: connection error (${codeText})`, {
    ...where,
    hint: 'Check the base URL and that the target is reachable.',
    cause: error,
  });
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) result[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return result;
}
