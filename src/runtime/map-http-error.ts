/**
 * Turns a target's error response into a ConnectorError: the spec's rules first (action level,
 * then spec level; `status` and optional `when` jq), else the default code for the status. The
 * target's own message is read with `errors.message` (jq) when the spec gives one, and the body
 * excerpt is redacted.
 */
import { parseJsonLossless } from '../jq/json-parse.js';
import type { CompiledErrorHandling } from './compile-connector.js';
import { ConnectorError, type ConnectorErrorCode } from './errors.js';
import type { Redactor } from './redact.js';
import { jqLimitExceeded } from './jq-limit-error.js';

const EXCERPT_LENGTH = 300;

const DEFAULT_HINTS: Partial<Record<ConnectorErrorCode, string>> = {
  AUTH_FAILED: 'Check the credentials of the connection.',
  FORBIDDEN: 'The credentials lack a permission this action needs (for example a read-only key).',
  NOT_FOUND:
    'Check the base URL, the action path, the inputs the path uses (an organisation, a tenant) and the account id. A 404 means "already absent" only when one of the action\'s outcome rules recognises the target\'s own words.',
  CONFLICT: 'The target already has such a record.',
  RATE_LIMITED: 'The target kept rate-limiting after the retries; try again later.',
  PAYMENT_REQUIRED: "The target account's plan does not include this feature.",
};

export function defaultCodeFor(status: number): ConnectorErrorCode {
  switch (status) {
    case 401:
      return 'AUTH_FAILED';
    case 402:
      return 'PAYMENT_REQUIRED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'TARGET_ERROR';
  }
}

export interface ParsedBody {
  text: string;
  json: unknown;
  isJson: boolean;
}

// One parse per response body: the retry check and the action both ask (pages can be megabytes).
const parsedBodies = new WeakMap<Buffer, ParsedBody>();

export function parseBody(buffer: Buffer): ParsedBody {
  const cached = parsedBodies.get(buffer);
  if (cached) return cached;
  const text = buffer.toString('utf8');
  let parsed: ParsedBody;
  try {
    // Lossless: integers beyond 2^53 keep every digit (as strings), so 64-bit ids stay distinct.
    parsed = { text, json: parseJsonLossless(text), isJson: true };
  } catch {
    parsed = { text, json: text, isJson: false };
  }
  parsedBodies.set(buffer, parsed);
  return parsed;
}

export function excerpt(text: string, redactor: Redactor): string {
  // Redacted whole before it is cut, so a secret across the cut is never half shown.
  const redacted = redactor.redactBody(text);
  return redacted.length > EXCERPT_LENGTH ? `${redacted.slice(0, EXCERPT_LENGTH)}…` : redacted;
}

async function firstOutput(filter: { run(input: unknown): Promise<unknown[]> } | undefined, input: unknown, action: string): Promise<unknown> {
  if (!filter) return undefined;
  try {
    return (await filter.run(input))[0];
  } catch (error) {
    // An error rule whose jq fails just does not describe this body; one stopped by a limit is reported.
    const stopped = jqLimitExceeded(error, 'an error rule', { action });
    if (stopped) throw stopped;
    return undefined;
  }
}

export interface MapHttpErrorInput {
  action: string;
  method: string;
  url: URL;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  handling: CompiledErrorHandling[];
  redactor: Redactor;
}

export async function mapHttpError(input: MapHttpErrorInput): Promise<ConnectorError> {
  const { action, method, status, handling, redactor } = input;
  const { text, json } = parseBody(input.body);
  const url = redactor.redactUrl(input.url);
  let rule: CompiledErrorHandling['rules'][number]['rule'] | undefined;
  for (const level of handling) {
    for (const candidate of level.rules) {
      if (candidate.rule.status !== status) continue;
      if (candidate.when && (await firstOutput(candidate.when, json, action)) !== true) continue;
      rule = candidate.rule;
      break;
    }
    if (rule) break;
  }
  let targetMessage: unknown;
  for (const level of handling) {
    targetMessage = await firstOutput(level.message, json, action);
    if (typeof targetMessage === 'string' && targetMessage !== '') break;
    targetMessage = undefined;
  }
  const code = rule?.code ?? defaultCodeFor(status);
  const said = typeof targetMessage === 'string' ? `: ${targetMessage}` : '';
  const message = rule?.message ? `${action}: ${rule.message}${said}` : `${action}: ${method} ${url} returned ${status}${said}`;
  let hint = rule?.hint ?? DEFAULT_HINTS[code];
  if (rule === undefined && /^\s*</u.test(text))
    hint = `The answer is an HTML page, not the API's: check the base URL and the action path. ${hint ?? ''}`.trim();
  const location = input.headers.location;
  if (status >= 300 && status < 400 && location !== undefined) {
    hint = `The target redirected to ${redactor.redactUrl(new URL(location, input.url))}; redirects to another origin are not followed, so credentials never leave the base URL.`;
  }
  return new ConnectorError(code, redactor.redact(message), {
    action,
    method,
    url,
    status,
    bodyExcerpt: text === '' ? undefined : excerpt(text, redactor),
    hint: hint === undefined ? undefined : redactor.redact(hint),
  });
}

/** A copy of any ConnectorError with every text field redacted (the boundary of every client method). */
export function redactError(error: unknown, redactor: Redactor): unknown {
  if (!(error instanceof ConnectorError)) return error;
  const copy = new ConnectorError(error.code, redactor.redact(error.message), {
    action: error.action,
    method: error.method,
    url: error.url === undefined ? undefined : redactor.redactUrl(error.url),
    status: error.status,
    bodyExcerpt: error.bodyExcerpt === undefined ? undefined : redactor.redact(error.bodyExcerpt),
    hint: error.hint === undefined ? undefined : redactor.redact(error.hint),
    cause: error.cause,
  });
  return copy;
}
