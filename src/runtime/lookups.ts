/**
 * `spec.lookups`: values read from the target before a write, fetched on first use and at most
 * once per connection (single-flight: concurrent actions share the request). When the lookup's
 * `override` input is filled in, that value is used and no request is made.
 */
import type { RuntimeConnector } from './compile-connector.js';
import type { Connection } from './connection.js';
import { ConnectorError } from './errors.js';
import { executeRequest, requireJson } from './execute-request.js';
import { jqLimitExceeded } from './jq-limit-error.js';

async function fetchLookup(connection: Connection, runtime: RuntimeConnector, name: string): Promise<unknown> {
  const lookup = runtime.lookups.get(name);
  const spec = runtime.spec.lookups?.[name];
  if (!lookup || !spec) {
    throw new ConnectorError('CONFIG', `a template uses lookups.${name}, which the spec does not define`, { action: `lookup:${name}` });
  }
  const override = spec.override === undefined ? undefined : connection.inputs[spec.override];
  if (override !== undefined && override !== '') return override;
  const result = await executeRequest({ connection, runtime, request: lookup.request, variables: {} });
  const body = requireJson(result, lookup.request.name, (url) => connection.redactor.redactUrl(url));
  let value: unknown;
  try {
    [value] = await lookup.value.run(body);
  } catch (error) {
    throw (
      jqLimitExceeded(error, 'the value expression', { action: `lookup:${name}` }) ??
      new ConnectorError('MAPPING_FAILED', `lookup:${name}: value expression failed: ${(error as Error).message}`, { action: `lookup:${name}`, cause: error })
    );
  }
  if ((value === undefined || value === null) && spec.required !== false) {
    throw new ConnectorError('CONFIG', `lookup:${name}: the target has no value for ${spec.description ?? name}`, {
      action: `lookup:${name}`,
      hint: spec.override ? `Fill in the input \`${spec.override}\` to provide it.` : "Check the lookup's value expression.",
    });
  }
  return value ?? null;
}

/** The values of the named lookups, fetched once per connection. */
export async function resolveLookups(connection: Connection, runtime: RuntimeConnector, names: readonly string[]): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  await Promise.all(
    names.map(async (name) => {
      let pending = connection.lookupCache.get(name);
      if (!pending) {
        pending = fetchLookup(connection, runtime, name);
        connection.lookupCache.set(name, pending);
        // A failed lookup is asked again next time rather than cached.
        pending.catch(() => connection.lookupCache.delete(name));
      }
      values[name] = await pending;
    }),
  );
  return values;
}
