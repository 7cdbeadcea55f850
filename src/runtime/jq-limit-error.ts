/**
 * A jq program of the spec stopped by a limit (the engine's steps, depth or sizes; the isolate's
 * time or memory) is LIMIT_EXCEEDED naming that limit and the setting a host raises, wherever
 * the program ran: a mapping, a condition, an outcome rule, a lookup, a result. Never read as
 * "no match" or as a mapping mistake: the spec may be right and the input merely large.
 */
import { JqRuntimeError } from '../jq/index.js';
import { ConnectorError, type ConnectorErrorDetails } from './errors.js';

const ISOLATION_LIMITS = new Set(['timeoutMs', 'maxMemoryMb']);

/** `jq: { isolation: { timeoutMs: ... } }`: where the host sets the limit. */
function settingOf(limit: string): string {
  return ISOLATION_LIMITS.has(limit) ? `jq: { isolation: { ${limit}: ... } }` : `jq: { limits: { ${limit}: ... } }`;
}

/** The LIMIT_EXCEEDED error for `error` when a limit stopped the program, else undefined. */
export function jqLimitExceeded(error: unknown, what: string, details: ConnectorErrorDetails & { action: string }): ConnectorError | undefined {
  const limit = error instanceof JqRuntimeError ? error.limit : undefined;
  if (limit === undefined) return undefined;
  return new ConnectorError('LIMIT_EXCEEDED', `${details.action}: ${what} passed the jq limit ${limit}: ${(error as Error).message}`, {
    ...details,
    hint: `Simplify the spec's jq, or the host raises the limit: connect(..., { ${settingOf(limit)} }).`,
    cause: error,
  });
}
