/**
 * `testConnection()`, run when a connection is saved: the cheapest request that proves the base
 * URL and credentials work. The first page of Import Users (mapped, so a wrong records path
 * shows now), else the first lookup, else a GET of the base URL (any answer but 401/403/5xx).
 */
import type { RuntimeConnector } from '../compile-connector.js';
import type { Connection } from '../connection.js';
import { executeRequest } from '../execute-request.js';
import { mapHttpError } from '../map-http-error.js';
import { sendRequest } from '../send-request.js';
import { createPagingContext } from './import-users.js';

export interface ConnectionCheck {
  ok: true;
  /** `importUsers`, `lookup:<name>` or `baseUrl`. */
  via: string;
  status: number;
  /** Records on the first page (import only). */
  records?: number;
}

export async function checkConnection(connection: Connection, runtime: RuntimeConnector): Promise<ConnectionCheck> {
  if (runtime.requests.has('importUsers')) {
    const ctx = createPagingContext(connection, runtime);
    const page = await ctx.fetch({ query: [] });
    const mapped = await ctx.evaluate(page);
    return { ok: true, via: 'importUsers', status: page.status, records: mapped.records.length };
  }
  const [name, lookup] = [...runtime.lookups.entries()][0] ?? [];
  if (name !== undefined && lookup) {
    const result = await executeRequest({ connection, runtime, request: lookup.request, variables: {} });
    return { ok: true, via: `lookup:${name}`, status: result.response.status };
  }
  const url = new URL(connection.baseUrl);
  const response = await sendRequest({
    connection,
    request: { method: 'GET', url, headers: { accept: 'application/json' } },
    action: 'testConnection',
    idempotent: true,
    retryRules: runtime.spec.retryOn,
  });
  if (response.status === 401 || response.status === 403 || response.status >= 500) {
    throw await mapHttpError({
      action: 'testConnection',
      method: 'GET',
      url,
      status: response.status,
      headers: response.headers,
      body: response.body,
      handling: [],
      redactor: connection.redactor,
    });
  }
  return { ok: true, via: 'baseUrl', status: response.status };
}
