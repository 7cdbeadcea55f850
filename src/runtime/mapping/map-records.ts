/**
 * Turns the rows of the page program into accounts and problems. id, email and name are
 * coerced to strings (a number becomes its JSON text); a missing email or name becomes "";
 * a record without a usable id is reported and never imported; extras keep their JSON type.
 */
import { decodeCell } from './page-program.js';

export interface Account {
  id: string;
  email: string;
  name: string;
  [extra: string]: unknown;
}

export interface RecordProblem {
  /** Position of the record in its page (0-based). */
  index: number;
  /** The record's id when it has one. */
  id?: string;
  field?: string;
  message: string;
  /** False when the record was left out of the import. */
  imported: boolean;
}

export interface MappedRecord {
  index: number;
  /** Undefined when the record has no usable id. */
  account: Account | undefined;
  problems: RecordProblem[];
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

function toText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Maps one row (one cell per field, in `fieldNames` order). */
export function mapRow({ row, fieldNames, index }: { row: unknown; fieldNames: readonly string[]; index: number }): MappedRecord {
  const cells = Array.isArray(row) ? row : [];
  const problems: RecordProblem[] = [];
  const values = new Map<string, unknown>();
  fieldNames.forEach((field, position) => {
    const cell = decodeCell(cells[position]);
    if ('error' in cell) {
      problems.push({ index, field, message: `mapping of ${field} failed: ${cell.error}`, imported: true });
      return;
    }
    if (cell.value !== undefined && cell.value !== null) values.set(field, cell.value);
  });

  const rawId = values.get('id');
  let id: string | undefined;
  if (typeof rawId === 'string' && rawId !== '') id = rawId;
  else if (typeof rawId === 'number') id = JSON.stringify(rawId);
  if (id === undefined) {
    const why = rawId === undefined ? 'has no id' : rawId === '' ? 'has an empty id' : `has an id of type ${describeType(rawId)}`;
    problems.push({ index, field: 'id', message: `record ${index} ${why}; it is not imported`, imported: false });
    for (const problem of problems) problem.imported = false;
    return { index, account: undefined, problems };
  }

  const account: Account = { id, email: '', name: '' };
  for (const [field, value] of values) {
    if (field === 'id') continue;
    account[field] = field === 'email' || field === 'name' ? toText(value) : value;
  }
  for (const problem of problems) problem.id = id;
  return { index, account, problems };
}

/** Problems a preview shows on top of the mapping ones: missing email or name. */
export function describeMissingFields(account: Account): string[] {
  const missing: string[] = [];
  if (account.email === '') missing.push('missing email');
  if (account.name === '') missing.push('missing name');
  return missing;
}
