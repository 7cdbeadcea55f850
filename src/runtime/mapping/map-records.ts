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
  return createRowMapper(fieldNames)(row, index);
}

/**
 * Problems of a record that has none: one frozen array shared by every such record (this runs for
 * every record of an import; nothing downstream adds to a record's problems).
 */
const NO_PROBLEMS: RecordProblem[] = Object.freeze([]) as unknown as RecordProblem[];

/**
 * mapRow for the rows of one mapping, with what depends only on `fieldNames` worked out once: the
 * common row (a value or nothing in every cell) allocates the account and the record, nothing more.
 * `values`: the row is a compact one, its values themselves (`null` for none) rather than cells, as
 * a jq worker sends a row without a failed cell (RowsEncoding 'compact').
 */
export function createRowMapper(fieldNames: readonly string[]): (row: unknown, index: number, values?: boolean) => MappedRecord {
  const count = fieldNames.length;
  const idAt = fieldNames.indexOf('id');
  const nameAt = fieldNames.indexOf('name');
  const emailAt = fieldNames.indexOf('email');
  return (row, index, values = false) => {
    const cells: readonly unknown[] = Array.isArray(row) ? row : [];
    const valueAt = values ? compactValueAt : cellValueAt;
    let problems = NO_PROBLEMS;
    for (let position = 0; position < count && !values; position++) {
      const raw = cells[position];
      if (Array.isArray(raw)) continue;
      const cell = decodeCell(raw);
      if (!('error' in cell)) continue;
      const field = fieldNames[position]!;
      if (problems === NO_PROBLEMS) problems = [];
      problems.push({ kind: 'mapping failed', index, field, message: `mapping of ${field} failed: ${cell.error}`, imported: true });
    }
    const rawId = valueAt(cells, idAt);
    const rawName = valueAt(cells, nameAt);

    let id: string | undefined;
    if (typeof rawId === 'string' && rawId !== '') id = rawId;
    else if (typeof rawId === 'number') id = JSON.stringify(rawId);
    if (id === undefined) {
      const why = rawId === undefined ? 'has no id' : rawId === '' ? 'has an empty id' : `has an id of type ${describeType(rawId)}`;
      const kind: RecordProblemKind = rawId === undefined ? 'without id' : rawId === '' ? 'empty id' : 'non-string id';
      if (problems === NO_PROBLEMS) problems = [];
      problems.push({ kind, index, field: 'id', message: `record ${index} ${why}; it is not imported`, imported: false });
      for (const problem of problems) problem.imported = false;
      return { index, account: undefined, problems };
    }

    const rawEmail = valueAt(cells, emailAt);
    const account: Account = {
      id,
      email: rawEmail === undefined ? '' : toText(rawEmail),
      name: rawName === undefined ? '' : toText(rawName),
    };
    for (let position = 0; position < count; position++) {
      if (position === idAt || position === emailAt || position === nameAt) continue;
      const value = valueAt(cells, position);
      if (value !== undefined) account[fieldNames[position]!] = value;
    }
    for (let at = 0; at < problems.length; at++) problems[at]!.id = id;
    // The common case (string id and name) allocates nothing more: this runs for every record.
    if (typeof rawId === 'string' && (rawName === undefined || typeof rawName === 'string')) return { index, account, problems };
    // Array literals, sized as they are: a number id (common) costs one small array and one entry.
    const idNote: CoercedField | undefined = typeof rawId === 'string' ? undefined : { field: 'id', type: describeType(rawId), text: id };
    const nameNote: CoercedField | undefined =
      rawName === undefined || typeof rawName === 'string' ? undefined : { field: 'name', type: describeType(rawName), text: account.name };
    const coerced: CoercedField[] = idNote && nameNote ? [idNote, nameNote] : [(idNote ?? nameNote)!];
    return { index, account, problems, coerced };
  };
}

/** The value of the cell at `position` (`[value]`), or undefined for no cell, no output, null or an error. */
function cellValueAt(cells: readonly unknown[], position: number): unknown {
  if (position < 0) return undefined;
  const raw = cells[position];
  if (!Array.isArray(raw)) return undefined;
  const value: unknown = raw[0];
  return value === null ? undefined : value;
}

/** The value at `position` of a compact row, or undefined for none (null). */
function compactValueAt(values: readonly unknown[], position: number): unknown {
  if (position < 0) return undefined;
  const value = values[position];
  return value === null ? undefined : value;
}

/** `non-string id (number 7)`, `non-string name (array)`: a coercion preview reports. */
export function describeCoercion(coerced: CoercedField): string {
  return coerced.field === 'id' ? `non-string id (${coerced.type} ${coerced.text})` : `non-string name (${coerced.type})`;
}
