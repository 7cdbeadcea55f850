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

/** What went wrong with a record, for counting without reading the message. */
export type RecordProblemKind = 'without id' | 'empty id' | 'non-string id' | 'mapping failed';

export interface RecordProblem {
  kind: RecordProblemKind;
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
  /**
   * id or name values that were not strings and were coerced (a number id becomes its JSON
   * text): imported as is, but preview reports them, as the target may send `7` today and `"7"`
   * tomorrow. Absent when nothing was coerced.
   */
  coerced?: CoercedField[];
}

export interface CoercedField {
  field: 'id' | 'name';
  /** The JSON type the mapping gave: number, boolean, array, object. */
  type: string;
  /** The value as imported. */
  text: string;
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
  // One value per field (undefined when it gave none); this runs for every record, so no Map and no Cell objects.
  const values: unknown[] = new Array(fieldNames.length);
  let rawId: unknown;
  let rawName: unknown;
  for (let position = 0; position < fieldNames.length; position++) {
    const field = fieldNames[position]!;
    const raw: unknown = cells[position];
    if (!Array.isArray(raw)) {
      const cell = decodeCell(raw);
      if ('error' in cell) problems.push({ kind: 'mapping failed', index, field, message: `mapping of ${field} failed: ${cell.error}`, imported: true });
      continue;
    }
    const value: unknown = raw[0];
    if (value === undefined || value === null) continue;
    values[position] = value;
    if (field === 'id') rawId = value;
    else if (field === 'name') rawName = value;
  }

  let id: string | undefined;
  if (typeof rawId === 'string' && rawId !== '') id = rawId;
  else if (typeof rawId === 'number') id = JSON.stringify(rawId);
  if (id === undefined) {
    const why = rawId === undefined ? 'has no id' : rawId === '' ? 'has an empty id' : `has an id of type ${describeType(rawId)}`;
    const kind: RecordProblemKind = rawId === undefined ? 'without id' : rawId === '' ? 'empty id' : 'non-string id';
    problems.push({ kind, index, field: 'id', message: `record ${index} ${why}; it is not imported`, imported: false });
    for (const problem of problems) problem.imported = false;
    return { index, account: undefined, problems };
  }

  const account: Account = { id, email: '', name: '' };
  for (let position = 0; position < fieldNames.length; position++) {
    const field = fieldNames[position]!;
    const value = values[position];
    if (field === 'id' || value === undefined) continue;
    account[field] = field === 'email' || field === 'name' ? toText(value) : value;
  }
  for (const problem of problems) problem.id = id;
  // The common case (string id and name) allocates nothing more: this runs for every record.
  if (typeof rawId === 'string' && (rawName === undefined || typeof rawName === 'string')) return { index, account, problems };
  const coerced: CoercedField[] = [];
  if (typeof rawId !== 'string') coerced.push({ field: 'id', type: describeType(rawId), text: id });
  if (rawName !== undefined && typeof rawName !== 'string') coerced.push({ field: 'name', type: describeType(rawName), text: account.name });
  return { index, account, problems, coerced };
}

/** `non-string id (number 7)`, `non-string name (array)`: a coercion preview reports. */
export function describeCoercion(coerced: CoercedField): string {
  return coerced.field === 'id' ? `non-string id (${coerced.type} ${coerced.text})` : `non-string name (${coerced.type})`;
}
