/**
 * The only place that talks to the network. One undici Agent per connection, which keeps one
 * keep-alive pool per target origin. Connect, header and body timeouts become TIMEOUT, resets
 * NETWORK (undici's error, with its code, stays as the cause), and a body larger than the cap
 * is cut off while it is read and reported as BAD_RESPONSE.
 */
import { Agent, type Dispatcher } from 'undici';
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
  send(request: HttpRequest): Promise<HttpResponse> {
    // A literal address never reaches the lookup: check it before dialling.
    this.options.egress.checkUrl(request.url, request.action);
    return new Promise<HttpResponse>((resolve, reject) => {
      const exchange = new Exchange(request, this.options, resolve, reject);
      this.agent.dispatch(
        {
          origin: request.url.origin,
          path: `${request.url.pathname}${request.url.search}`,
          method: request.method as Dispatcher.HttpMethod,
          // Requests not rendered from a spec (token requests, the base URL probe) get the default too.
          headers: withUserAgent(request.headers),
          body: request.body ?? null,
        },
        exchange,
      );
    });
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

/**
 * One request's handler on undici's dispatcher: the body's chunks go straight into BodyBytes,
 * with no Readable stream, async iterator or promise per chunk between the socket and the
 * buffer (undici.request's body stream was most of the transport's CPU on a page of records).
 * It settles once: with the whole response, or with the first failure (the deadline, the size
 * cap, undici's error), and a failure aborts the exchange wherever it is, queued or mid-body.
 */
class Exchange implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private failure: Error | undefined;
  private settled = false;
  private status = 0;
  private headers: Record<string, string | string[] | undefined> = {};
  private readonly body: BodyBytes;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly request: HttpRequest,
    private readonly options: { timeouts: Timeouts; maxResponseBytes: number; redactor: Redactor },
    private readonly resolve: (response: HttpResponse) => void,
    private readonly reject: (error: Error) => void,
  ) {
    this.body = new BodyBytes(options.maxResponseBytes);
    // The deadline: a plain timer (an AbortSignal is an EventTarget registered for cleanup with
    // the garbage collector, a cost on every request of an import).
    this.timer = setTimeout(() => this.fail(deadlineExceeded(this.where(), options.timeouts.requestMs)), options.timeouts.requestMs);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    // Failed while queued for a socket: never send it.
    if (this.failure !== undefined) controller.abort(this.failure);
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    const declared = Number(headers['content-length'] ?? 'NaN');
    if (declared > this.options.maxResponseBytes) {
      this.fail(tooLarge(this.where(), this.options.maxResponseBytes));
      return;
    }
    this.status = statusCode;
    this.headers = headers;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.settled) return;
    if (this.body.size + chunk.length > this.options.maxResponseBytes) {
      this.fail(tooLarge(this.where(), this.options.maxResponseBytes));
      return;
    }
    this.body.add(chunk);
  }

  onResponseEnd(): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.resolve({ status: this.status, headers: flattenHeaders(this.headers), body: this.body.bytes(), url: this.request.url });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.fail(toTransportError(error, this.where()));
  }

  private fail(error: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.failure = error;
    clearTimeout(this.timer);
    this.reject(error);
    if (this.controller !== undefined && !this.controller.aborted) this.controller.abort(error);
  }

  /** What an error names, built only for an error (redacting a URL on every request cost more than the check). */
  private where(): { action: string; method: string; url: string } {
    return { action: this.request.action, method: this.request.method, url: this.options.redactor.redactUrl(this.request.url) };
  }
}

/**
 * A body's bytes, in an ArrayBuffer of their own and of their exact length, which the jq isolate
 * takes over without a copy. Up to JOINED_AT_END bytes the socket reads are kept and copied once
 * at the end (a page of records: one small copy). Past it they are copied into one buffer a read
 * at a time as they arrive, so the chunks die young and a sampled Test or Preview of a 20 MB
 * answer copies nothing more on this thread at the end (Buffer.concat of the chunks took 20-30 ms
 * of it in one go, and kept every chunk alive until then). That buffer is a resizable ArrayBuffer
 * that grows in place to what has arrived, up to the cap: a declared length is never trusted for
 * allocation (a target that declares 50 MB and sends a trickle holds only the trickle). Each
 * resizable buffer reserves the cap's address space and commits pages as it grows, which cost
 * about 45 us a page of 100 records, a third of the transport's CPU, when every body used one.
 */
class BodyBytes {
  size = 0;
  private chunks: Uint8Array[] = [];
  /** Undefined until the body passes JOINED_AT_END. */
  private grown: ResizableArrayBuffer | undefined;

  constructor(private readonly cap: number) {}

  add(chunk: Uint8Array): void {
    const end = this.size + chunk.length;
    if (this.grown === undefined && end <= JOINED_AT_END) {
      this.chunks.push(chunk);
    } else {
      if (this.grown === undefined) {
        this.grown = new Resizable(end, { maxByteLength: Math.max(this.cap, end) });
        copyInto(new Uint8Array(this.grown), this.chunks);
        this.chunks = [];
      } else {
        this.grown.resize(end);
      }
      new Uint8Array(this.grown, this.size, chunk.length).set(chunk);
    }
    this.size = end;
  }

  bytes(): Buffer {
    if (this.grown !== undefined) return Buffer.from(this.grown, 0, this.size);
    const whole = Buffer.allocUnsafeSlow(this.size);
    copyInto(whole, this.chunks);
    return whole;
  }
}

/** Bodies up to this size are joined once at the end (a copy well under a millisecond). */
const JOINED_AT_END = 1024 * 1024;

function copyInto(target: Uint8Array, chunks: readonly Uint8Array[]): void {
  let at = 0;
  for (const chunk of chunks) {
    target.set(chunk, at);
    at += chunk.length;
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
