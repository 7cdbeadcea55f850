/**
 * The options every operator command takes (inputs, actor, timeout, verbose) and the checks of the
 * values that steer where requests go: the base URL and the timeout.
 */
import { UsageError } from './args.js';
import { InputsError } from './inputs.js';

/** Flags every operator command takes: its inputs, the actor, and --verbose. */
export const SESSION_FLAGS = {
  inputs: { kind: 'string', value: '<file.json>', description: 'operator inputs: a JSON object keyed by input name' },
  input: { kind: 'list', value: '<name=value>', description: 'a non-secret input; secrets only via --inputs or CONNECTOR_INPUT_<NAME>' },
  'base-url': { kind: 'string', value: '<url>', description: 'override the base URL of the connector' },
  'actor-email': { kind: 'string', value: '<email>', description: 'the operator on whose behalf actions run (`actor.email` in templates)' },
  'actor-name': { kind: 'string', value: '<name>', description: "the operator's name (`actor.name` in templates)" },
  timeout: { kind: 'string', value: '<seconds>', description: 'give up on a request the target has not answered after this long (default 30)' },
  verbose: { kind: 'boolean', description: 'print each request, retry and wait on stderr (redacted)' },
} as const;

/** `--timeout <seconds>` as the runtime's timeouts: connecting, the answer's headers, its body. */
export function parseTimeout(value: string | undefined): { connectMs: number; headersMs: number; bodyMs: number } | undefined {
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) {
    throw new UsageError(`--timeout must be a number of seconds between 0 and 3600, got "${value}"`);
  }
  const ms = Math.ceil(seconds * 1000);
  return { connectMs: ms, headersMs: ms, bodyMs: ms };
}

/** Checks an operator's base URL; `source` names where it came from (`--base-url`, the baseUrl input). */
export function checkBaseUrl(value: string | undefined, source = '--base-url'): string | undefined {
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  // The value is not echoed: a URL pasted with user:password@ in it would end up on the screen.
  if (url === undefined) throw new InputsError(`${source} is not a URL; give one such as https://api.example.com`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InputsError(`${source} must be an http:// or https:// URL, not ${url.protocol}`);
  if (url.username !== '' || url.password !== '') {
    throw new InputsError(`${source} must not carry credentials (user:password@); put them in the connector inputs instead`);
  }
  // Action paths are joined to the base path only: a query (an API key, ?api-version=) or a fragment
  // would be dropped without a word, and the target would answer as if it were never given.
  if (url.search !== '' || url.hash !== '') {
    throw new InputsError(
      `${source} must not have a query (?...) or fragment (#...): only the scheme, host and base path are used; query parameters belong in the spec's \`query\``,
    );
  }
  return value;
}
