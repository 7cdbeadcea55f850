/**
 * One connection: the operator's inputs checked once, the base URL, the redactor, the HTTP
 * transport (one keep-alive pool per origin) and the auth provider, shared by every action.
 */
import type { InputValues } from '../connector.js';
import type { AnyConnector } from './compile-connector.js';
import type { ConnectorSpec } from '../../generated/spec-types.js';
import { createAuthProvider, secretInputNames } from './auth/index.js';
import type { AuthProvider, TokenEndpointResponse } from './auth/auth-provider.js';
import { ConnectorError } from './errors.js';
import { createEgressGuard } from './http/egress-policy.js';
import { DEFAULT_MAX_CONNECTIONS_PER_ORIGIN, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUTS, HttpTransport } from './http/http-transport.js';
import { Redactor } from './redact.js';
import { Semaphore } from './concurrency/semaphore.js';
import { redactEvent, type RuntimeEvent } from './runtime-event.js';
import { DEFAULT_RETRY, type Actor, type ConnectOptions, type RetryOptions } from './connect-options.js';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from './actions/import-limits.js';

export interface Connection {
  connector: AnyConnector;
  spec: ConnectorSpec;
  baseUrl: URL;
  /** Every input (secrets included); only the auth provider reads secrets. */
  inputs: InputValues;
  /** Non-secret declared inputs with defaults: the `inputs` template variable. */
  templateInputs: Record<string, string>;
  actor: Actor;
  redactor: Redactor;
  transport: HttpTransport;
  auth: AuthProvider;
  retry: RetryOptions;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  random: () => number;
  log: (line: string, event?: RuntimeEvent) => void;
  /** Someone listens to `log` (the host gave a logger): lines written on every request or page are built only then. */
  logging: boolean;
  /** Lookup values, single-flight: one request per lookup per connection. */
  lookupCache: Map<string, Promise<unknown>>;
  /** One semaphore per action with `maxInFlight`, made on its first call. */
  actionGates: Map<string, Semaphore>;
  importLimits: ImportLimits;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/u;

function checkInputs(spec: ConnectorSpec, inputs: InputValues, secrets: Set<string>): Record<string, string> {
  const templateInputs: Record<string, string> = {};
  for (const [name, input] of Object.entries(spec.inputs ?? {})) {
    const given = inputs[name];
    const value = given === undefined || given === '' ? (secrets.has(name) ? undefined : input.default) : given;
    if (value === undefined || value === '') {
      if (input.required) {
        throw new ConnectorError('CONFIG', `the input \`${name}\` (${input.label}) is required`, { hint: `Fill in ${input.label}.` });
      }
      continue;
    }
    if (input.type === 'url' && !isHttpUrl(value)) {
      throw new ConnectorError('CONFIG', `the input \`${name}\` (${input.label}) is not an http(s) URL`, {
        hint: 'Enter a URL such as https://api.example.com.',
      });
    }
    if (input.type === 'email' && !EMAIL.test(value)) {
      throw new ConnectorError('CONFIG', `the input \`${name}\` (${input.label}) is not an email address`, {
        hint: 'Enter an address such as owner@example.com.',
      });
    }
    if (!secrets.has(name)) templateInputs[name] = value;
  }
  return templateInputs;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function resolveBaseUrl(spec: ConnectorSpec, inputs: InputValues, options: ConnectOptions): URL {
  const text = options.baseUrl ?? (inputs.baseUrl || undefined) ?? spec.baseUrl;
  if (text === undefined) {
    throw new ConnectorError('CONFIG', `${spec.id} has no base URL`, { hint: 'Fill in the `baseUrl` input, or pass connect(..., {baseUrl}).' });
  }
  if (!isHttpUrl(text)) throw new ConnectorError('CONFIG', `base URL "${text}" is not an http(s) URL`, { hint: 'Use https://host/path.' });
  const url = new URL(text);
  if (url.username !== '' || url.password !== '') {
    throw new ConnectorError('CONFIG', 'the base URL must not carry credentials', { hint: 'Configure credentials under auth instead.' });
  }
  // Action paths and their query are joined onto the base URL, so a query or fragment here would
  // be dropped silently: refuse it rather than send requests the operator did not configure.
  if (url.search !== '' || url.hash !== '') {
    throw new ConnectorError('CONFIG', 'the base URL must not carry a query or a fragment', {
      hint: "Remove the part after `?` or `#`; put query parameters in the action's `query`.",
    });
  }
  return url;
}

export function createConnection(connector: AnyConnector, inputs: InputValues, options: ConnectOptions): Connection {
  const { spec } = connector;
  const redactor = new Redactor();
  const secretNames = new Set(secretInputNames(spec));
  for (const name of secretNames) redactor.registerSecret(inputs[name]);
  const templateInputs = checkInputs(spec, inputs, secretNames);
  const baseUrl = resolveBaseUrl(spec, inputs, options);
  const transport = new HttpTransport({
    timeouts: { ...DEFAULT_TIMEOUTS, ...options.timeouts },
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    maxConnectionsPerOrigin: options.maxConnectionsPerOrigin ?? DEFAULT_MAX_CONNECTIONS_PER_ORIGIN,
    redactor,
    egress: createEgressGuard(options.egress),
  });
  const now = options.now ?? Date.now;
  const logger = options.logger;
  const connection: Omit<Connection, 'auth'> = {
    connector,
    spec,
    baseUrl,
    inputs,
    templateInputs,
    actor: options.actor ?? {},
    redactor,
    transport,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    now,
    random: options.random ?? Math.random,
    log: logger ? (line, event) => logger(redactor.redact(line), event && redactEvent(event, redactor)) : () => undefined,
    logging: logger !== undefined,
    lookupCache: new Map(),
    actionGates: new Map(),
    importLimits: { ...DEFAULT_IMPORT_LIMITS, ...options.importLimits },
  };
  const auth = createAuthProvider(spec.auth, {
    // Defaults of non-secret inputs apply (a tenant's token URL may have one); secrets as given.
    inputs: { ...inputs, ...templateInputs },
    baseUrl,
    postForm: (url, form, headers) => postForm(connection, { url, form, headers }),
    onRefreshToken: options.onRefreshToken,
    withStoredRefreshToken: options.withStoredRefreshToken,
    registerSecret: (value) => redactor.registerSecret(value),
    now,
  });
  return { ...connection, auth };
}

/** Token endpoint requests: through the same transport, never retried (a grant may be single-use). */
async function postForm(
  connection: Omit<Connection, 'auth'>,
  { url, form, headers }: { url: URL; form: URLSearchParams; headers: Record<string, string> },
): Promise<TokenEndpointResponse> {
  const response = await connection.transport.send({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
    body: form.toString(),
    action: 'auth',
  });
  connection.log(`POST ${connection.redactor.redactUrl(url)} -> ${response.status} (token endpoint)`);
  const text = response.body.toString('utf8');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the auth layer reports the raw text (redacted).
  }
  return { status: response.status, headers: response.headers, body };
}

/**
 * Runs one call of an action within its `maxInFlight` cap (the target refuses more at once, e.g.
 * PagerDuty's 50 user creations); further calls wait their turn in order. Uncapped: runs at once.
 */
export function runWithinCap<T>(connection: Connection, input: { key: string; maxInFlight: number | undefined; work: () => Promise<T> }): Promise<T> {
  const { key, maxInFlight, work } = input;
  if (maxInFlight === undefined) return work();
  let gate = connection.actionGates.get(key);
  if (!gate) {
    gate = new Semaphore(maxInFlight);
    connection.actionGates.set(key, gate);
  }
  return gate.run(work);
}
