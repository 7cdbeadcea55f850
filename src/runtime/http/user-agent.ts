/**
 * The default `User-Agent`: `lifecycle-connectors/<version>`. Some APIs refuse requests without
 * one (GitHub answers 403). The version is read from package.json once, on first use; a spec's
 * `headers` (or an action's) may set another value.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../package-root.js';

const PRODUCT = 'lifecycle-connectors';
let cached: string | undefined;

export function defaultUserAgent(): string {
  cached ??= `${PRODUCT}/${readVersion()}`;
  return cached;
}

function readVersion(): string {
  try {
    const version = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The headers with the default User-Agent added when none is set (names are lower case). */
export function withUserAgent(headers: Record<string, string>): Record<string, string> {
  return 'user-agent' in headers ? headers : { ...headers, 'user-agent': defaultUserAgent() };
}
