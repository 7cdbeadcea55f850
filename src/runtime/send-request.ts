/**
 * Sends one prepared request the way every action does: credentials added by the auth provider
 * before each send, one refresh-and-resend after a 401, same-origin redirects followed (bounded;
 * credentials never go to another origin), and retries decided by decideRetry.
 */
import type { OutgoingRequest } from './auth/auth-provider.js';
import type { Connection } from './connection.js';
import type { HttpResponse } from './http/http-transport.js';
import { parseBody } from './map-http-error.js';
import type { RetryRule } from './retry/decide-retry.js';
import { sendWithRetry } from './retry/send-with-retry.js';

export interface PreparedRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string | undefined;
}

const MAX_REDIRECTS = 5;
const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);

export interface SendRequestInput {
  connection: Connection;
  request: PreparedRequest;
  action: string;
  idempotent: boolean;
  /** The caller needs a JSON body (imports, lookups): a 2xx whose JSON is cut off is retried. */
  expectJson?: boolean;
  /**
   * With expectJson: the caller parses a 2xx JSON body itself, off this thread (an isolated
   * mapping, in its worker), and answers whether it does NOT parse; such a body is retried as a
   * cut-off one, and this thread never parses it.
   */
  checkBody?: ((response: HttpResponse) => Promise<boolean>) | undefined;
  /** The spec's extra retryable responses (`retryOn`). */
  retryRules?: readonly RetryRule[] | undefined;
  onSent?: OnSent;
}

export async function sendRequest({ connection, request, ...meta }: SendRequestInput): Promise<HttpResponse> {
  let refreshed = false;
  const attempt = async (): Promise<HttpResponse> => {
    for (;;) {
      const response = await sendFollowingRedirects({ connection, request, action: meta.action, onSent: meta.onSent });
      if (response.status !== 401 || refreshed) return response;
      refreshed = true;
      if (!(await connection.auth.refreshAfterUnauthorized())) return response;
      connection.log(`${meta.action}: 401, credentials refreshed; sending again`);
    }
  };
  return sendWithRetry({
    send: attempt,
    policy: { ...connection.retry, idempotent: meta.idempotent, random: connection.random, rules: meta.retryRules },
    sleep: connection.sleep,
    now: connection.now,
    incomplete: meta.expectJson ? incompleteCheck(meta.checkBody) : undefined,
    // The token request runs inside an attempt (auth before each send); its failure is final,
    // as the README promises: an authorization code or a rotated refresh token is single-use.
    final: (error) => error.action === 'auth',
    onRetry: ({ attempt: count, delayMs, outcome }) => {
      const reason = outcome.kind === 'response' ? `status ${outcome.status}` : outcome.code === 'INCOMPLETE_BODY' ? 'the JSON body was cut off' : outcome.code;
      const { maxAttempts } = connection.retry;
      connection.log(`${meta.action}: ${reason}; retrying in ${delayMs} ms (attempt ${count + 1} of ${maxAttempts})`, {
        type: 'retry',
        action: meta.action,
        attempt: count + 1,
        maxAttempts,
        delayMs,
        reason,
      });
    },
  });
}

/**
 * A success that says it is JSON (or, without a content type, starts like JSON) but does not
 * parse: a proxy or the target cut it short. An HTML page is not incomplete: it is the wrong page.
 */
function incompleteCheck(checkBody: SendRequestInput['checkBody']): (response: HttpResponse) => boolean | Promise<boolean> {
  return (response) => {
    if (!claimsJsonSuccess(response)) return false;
    return checkBody ? checkBody(response) : !parseBody(response.body).isJson;
  };
}

function claimsJsonSuccess(response: HttpResponse): boolean {
  if (response.status < 200 || response.status >= 300 || response.body.length === 0) return false;
  const type = response.headers['content-type'];
  return type === undefined ? /^\s*[[{]/u.test(response.body.subarray(0, 64).toString('utf8')) : /json/iu.test(type);
}

/** Told about each request as sent (after auth), for `test()` output. */
export type OnSent = (request: OutgoingRequest) => void;

interface HopInput {
  connection: Connection;
  request: PreparedRequest;
  action: string;
  onSent?: OnSent | undefined;
}

async function sendFollowingRedirects({ connection, request, action, onSent }: HopInput): Promise<HttpResponse> {
  let current = { ...request };
  for (let hop = 0; ; hop += 1) {
    const response = await sendAuthorized({ connection, request: current, action, onSent });
    const location = response.headers.location;
    if (!REDIRECT_STATUS.has(response.status) || location === undefined || hop >= MAX_REDIRECTS) return response;
    const target = new URL(location, current.url);
    // Another origin never receives the connection's credentials: the 3xx is returned as is.
    if (target.origin !== current.url.origin) return response;
    const toGet = response.status === 303 || ((response.status === 301 || response.status === 302) && current.method === 'POST');
    current = toGet ? { method: 'GET', url: target, headers: withoutBodyHeaders(current.headers) } : { ...current, url: target };
    connection.log(`${action}: redirected to ${connection.redactor.redactUrl(target)}`);
  }
}

function withoutBodyHeaders(headers: Record<string, string>): Record<string, string> {
  const { 'content-type': _type, ...rest } = headers;
  return rest;
}

/** Authorizes a copy of the request, registers what the provider added as secret, sends it. */
async function sendAuthorized({ connection, request, action, onSent }: HopInput): Promise<HttpResponse> {
  const outgoing: OutgoingRequest = { method: request.method, url: new URL(request.url), headers: { ...request.headers } };
  await connection.auth.authorize(outgoing);
  registerAddedCredentials({ connection, before: request, after: outgoing });
  onSent?.(outgoing);
  const started = connection.now();
  const response = await connection.transport.send({ ...outgoing, body: request.body, action });
  if (connection.logging) {
    connection.log(`${request.method} ${connection.redactor.redactUrl(outgoing.url)} -> ${response.status} (${connection.now() - started} ms)`);
  }
  return response;
}

/** Whatever the provider set (an Authorization value, a query key) is a credential: redact it. */
function registerAddedCredentials({ connection, before, after }: { connection: Connection; before: PreparedRequest; after: OutgoingRequest }): void {
  for (const [name, value] of Object.entries(after.headers)) {
    if (before.headers[name] !== value) connection.redactor.registerSecret(value);
  }
  // Most providers add a header only: a query the provider left as it was adds nothing.
  if (after.url.search === before.url.search) return;
  for (const [name, value] of after.url.searchParams) {
    // getAll: a parameter the spec repeats (`role[]=agent&role[]=admin`) is not a credential.
    if (!before.url.searchParams.getAll(name).includes(value)) connection.redactor.registerSecret(value);
  }
}
