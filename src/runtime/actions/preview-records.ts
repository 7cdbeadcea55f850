/**
 * `preview(response)`: applies the import's records path and mapping to a response body (live
 * or from a file) and lists each record's mapped fields with its problems: missing email or
 * name, empty or non-string id, duplicate id.
 */
import type { RuntimeConnector } from '../compile-connector.js';
import type { Connection } from '../connection.js';
import { ConnectorError } from '../errors.js';
import { describeMissingFields, type Account } from '../mapping/map-records.js';

export interface PreviewRecord {
  index: number;
  /** Undefined when the record has no usable id (it would not be imported). */
  account: Account | undefined;
  problems: string[];
}

export interface PreviewResult {
  records: PreviewRecord[];
  /** Every problem, prefixed with its record: `record 3: missing email`. */
  problems: string[];
  summary: { records: number; importable: number; withProblems: number; duplicates: number };
}

export async function previewRecords(connection: Connection, runtime: RuntimeConnector, body: unknown): Promise<PreviewResult> {
  if (!runtime.importMapper) throw new ConnectorError('CONFIG', `${runtime.source}: the connector has no importUsers action to preview`, { action: 'importUsers' });
  const mapped = await runtime.importMapper.map(body, { action: 'importUsers' });
  const firstIndexOf = new Map<string, number>();
  let duplicates = 0;
  const records = mapped.records.map((record): PreviewRecord => {
    const problems = record.problems.map((problem) => problem.message);
    const account = record.account;
    if (account) {
      problems.push(...describeMissingFields(account));
      const first = firstIndexOf.get(account.id);
      if (first === undefined) firstIndexOf.set(account.id, record.index);
      else {
        duplicates += 1;
        problems.push(`duplicate id ${account.id} (also record ${first})`);
      }
    }
    return { index: record.index, account: connection.redactor.redactValue(account), problems: problems.map((p) => connection.redactor.redact(p)) };
  });
  return {
    records,
    problems: records.flatMap((record) => record.problems.map((problem) => `record ${record.index}: ${problem}`)),
    summary: {
      records: records.length,
      importable: records.filter((record) => record.account !== undefined).length,
      withProblems: records.filter((record) => record.problems.length > 0).length,
      duplicates,
    },
  };
}
