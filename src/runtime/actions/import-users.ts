/**
 * Import Users: an async iterable of pages, each mapped with one jq run, walked by the spec's
 * pagination style. It yields every account or ends with an error; it never stops early in
 * silence (a truncated import would later look like deleted users).
 */
import type { RuntimeConnector } from '../compile-connector.js';
import type { Connection } from '../connection.js';
import { ConnectorError } from '../errors.js';
import { executeRequest, requireJson } from '../execute-request.js';
import { redactError } from '../map-http-error.js';
import type { Account, RecordProblem } from '../mapping/map-records.js';
import { paginate } from '../pagination/paginate.js';
import type { PagingContext } from '../pagination/paging-context.js';

export interface ImportPage {
  accounts: Account[];
  problems: RecordProblem[];
  /** 1-based page number. */
  page: number;
}

export interface ImportRun extends AsyncIterable<ImportPage> {
  /** Every account, page after page. */
  accounts(): AsyncIterable<Account>;
  /** Every account in one array (holds the whole account list in memory). */
  collect(): Promise<Account[]>;
}

export function createPagingContext(connection: Connection, runtime: RuntimeConnector): PagingContext {
  const request = runtime.requests.get('importUsers');
  const mapper = runtime.importMapper;
  if (!request || !mapper) throw new ConnectorError('CONFIG', `${runtime.source}: the connector has no importUsers action`, { action: 'importUsers' });
  const redactUrl = (url: URL) => connection.redactor.redactUrl(url);
  return {
    action: 'importUsers',
    baseUrl: connection.baseUrl,
    async fetch(target) {
      const result = await executeRequest({
        connection,
        runtime,
        request,
        variables: {},
        ...('url' in target ? { url: target.url } : { extraQuery: target.query }),
      });
      const body = requireJson(result, 'importUsers', redactUrl);
      return { url: result.prepared.url, status: result.response.status, headers: result.response.headers, body };
    },
    async evaluate(page) {
      const mapped = await mapper.map(page.body, { action: 'importUsers', method: request.method, url: redactUrl(page.url) });
      return { url: page.url, headers: page.headers, records: mapped.records, extras: mapped.extras };
    },
  };
}

async function* walkPages(connection: Connection, runtime: () => Promise<RuntimeConnector>): AsyncGenerator<ImportPage> {
  try {
    const compiled = await runtime();
    const ctx = createPagingContext(connection, compiled);
    let number = 0;
    for await (const page of paginate(ctx, compiled.spec.actions.importUsers?.pagination)) {
      number += 1;
      const accounts: Account[] = [];
      const problems: RecordProblem[] = [];
      for (const record of page.records) {
        // A target may echo a credential into a record; accounts leave the runtime redacted too.
        if (record.account) {
          connection.redactor.redactRecord(record.account);
          accounts.push(record.account);
        }
        for (const problem of record.problems) problems.push({ ...problem, message: connection.redactor.redact(problem.message) });
      }
      connection.log(`importUsers: page ${number}, ${page.records.length} records, ${accounts.length} accounts`, {
        type: 'page',
        action: 'importUsers',
        page: number,
        records: page.records.length,
        accounts: accounts.length,
      });
      yield { accounts, problems, page: number };
    }
  } catch (error) {
    throw redactError(error, connection.redactor);
  }
}

export function createImportRun(connection: Connection, runtime: () => Promise<RuntimeConnector>): ImportRun {
  return {
    [Symbol.asyncIterator]: () => walkPages(connection, runtime),
    async *accounts() {
      for await (const page of walkPages(connection, runtime)) yield* page.accounts;
    },
    async collect() {
      const all: Account[] = [];
      for await (const page of walkPages(connection, runtime)) all.push(...page.accounts);
      return all;
    },
  };
}
