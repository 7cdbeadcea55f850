/**
 * `preview(response)`: applies the import's records path and mapping to a response body (live
 * or from a file) and lists each record's mapped fields with its problems: missing email or
 * name, empty or non-string id, duplicate id, non-string name. A number id is imported as its
 * JSON text, yet still reported here. The summary counts problems by kind, so a host need not
 * read the messages.
 */
import type { RuntimeConnector } from '../compile-connector.js';
import type { Connection } from '../connection.js';
import { ConnectorError } from '../errors.js';
import { describeCoercion, type Account, type MappedRecord, type RecordProblemKind } from '../mapping/map-records.js';

export type PreviewProblemKind = RecordProblemKind | 'missing email' | 'missing name' | 'non-string name' | 'duplicate id';

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
  summary: {
    records: number;
    importable: number;
    withProblems: number;
    duplicates: number;
    /** Problems per kind, kinds in the order they first occur. */
    byKind: Partial<Record<PreviewProblemKind, number>>;
  };
}

type Found = { kind: PreviewProblemKind; message: string };

/** One record's problems, in the order preview shows them. */
function findProblems(record: MappedRecord, firstIndexOf: Map<string, number>): Found[] {
  const found: Found[] = record.problems.map((problem) => ({ kind: problem.kind, message: problem.message }));
  const { account } = record;
  if (!account) return found;
  if (account.email === '') found.push({ kind: 'missing email', message: 'missing email' });
  if (account.name === '') found.push({ kind: 'missing name', message: 'missing name' });
  const first = firstIndexOf.get(account.id);
  if (first === undefined) firstIndexOf.set(account.id, record.index);
  else found.push({ kind: 'duplicate id', message: `duplicate id ${account.id} (also record ${first})` });
  for (const coerced of record.coerced ?? []) {
    found.push({ kind: coerced.field === 'id' ? 'non-string id' : 'non-string name', message: describeCoercion(coerced) });
  }
  return found;
}

export async function previewRecords(connection: Connection, runtime: RuntimeConnector, body: unknown): Promise<PreviewResult> {
  if (!runtime.importMapper)
    throw new ConnectorError('CONFIG', `${runtime.source}: the connector has no importUsers action to preview`, { action: 'importUsers' });
  const mapped = await runtime.importMapper.map(body, { action: 'importUsers' });
  const firstIndexOf = new Map<string, number>();
  const byKind: Partial<Record<PreviewProblemKind, number>> = {};
  const records = mapped.records.map((record): PreviewRecord => {
    const found = findProblems(record, firstIndexOf);
    for (const { kind } of found) byKind[kind] = (byKind[kind] ?? 0) + 1;
    return {
      index: record.index,
      account: connection.redactor.redactValue(record.account),
      problems: found.map(({ message }) => connection.redactor.redact(message)),
    };
  });
  return {
    records,
    problems: records.flatMap((record) => record.problems.map((problem) => `record ${record.index}: ${problem}`)),
    summary: {
      records: records.length,
      importable: records.filter((record) => record.account !== undefined).length,
      withProblems: records.filter((record) => record.problems.length > 0).length,
      duplicates: byKind['duplicate id'] ?? 0,
      byKind,
    },
  };
}
