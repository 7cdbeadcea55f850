/**
 * What each field of the sampled records holds: for every key path (up to three keys deep) how many
 * records have a value there and of which shape (string, number, boolean, email-shaped, with a space,
 * handle-like), plus lists of addresses such as SCIM's `emails: [{value, primary}]`. The field
 * proposers rank candidates from these numbers alone.
 */
import { isEmailShaped } from './email-shape.js';
import { formatJqPath } from './jq-path.js';
import { isPlainObject } from './score-record-array.js';

export interface ScalarField {
  kind: 'scalar';
  path: string[];
  /** jq reading this path, with `?` below keys whose type varies between records. */
  jq: string;
  /** Records with a value other than null or "". */
  present: number;
  strings: number;
  numbers: number;
  booleans: number;
  emails: number;
  /** Strings with a space: "Ann Lee" rather than "alee". */
  withSpace: number;
  /** Lower-case strings without spaces or `@`: usernames and handles. */
  handles: number;
  /** The present values, in record order. */
  values: unknown[];
  /** Index of the record each value came from (parallel to `values`). */
  records: number[];
}

export interface EmailListField {
  kind: 'email-list';
  path: string[];
  /** jq reading this path, with `?` below keys whose type varies between records. */
  jq: string;
  /** Key holding the address in each element: `value` (SCIM), `address` (Google), `email`. */
  valueKey: string;
  /** Whether elements carry a `primary` flag. */
  hasPrimary: boolean;
  /** Some records hold something else than a list of objects here. */
  mixed: boolean;
  present: number;
  /** Primary-else-first address of each record that has one. */
  values: string[];
  /** Index of the record each value came from (parallel to `values`). */
  records: number[];
}

export type FieldStats = ScalarField | EmailListField;

export interface RecordSample {
  /** Number of sampled records. */
  total: number;
  fields: FieldStats[];
}

const MAX_KEYS = 3;
const SAMPLE = 50;
const ADDRESS_KEYS = ['value', 'address', 'email'];

export function collectFieldStats(records: readonly unknown[]): RecordSample {
  const sample = records.slice(0, SAMPLE).filter(isPlainObject);
  const fields = new Map<string, FieldStats>();
  const shapes = new Map<string, Set<string>>();
  for (const [index, record] of sample.entries()) visitObject(record, [], { index, fields, shapes });
  const mixed = new Set([...shapes].filter(([, kinds]) => kinds.size > 1).map(([id]) => id));
  for (const field of fields.values()) {
    if (field.kind === 'email-list') field.mixed ||= mixed.has(JSON.stringify(field.path));
    const optionalFrom = field.path.findIndex((_, at) => at > 0 && mixed.has(JSON.stringify(field.path.slice(0, at))));
    field.jq = formatJqPath(field.path, optionalFrom === -1 ? field.path.length : optionalFrom);
  }
  return { total: sample.length, fields: [...fields.values()] };
}

interface Visit {
  index: number;
  fields: Map<string, FieldStats>;
  /** Per path: 'object', 'array', 'scalar' as seen, to find keys whose type varies between records. */
  shapes: Map<string, Set<string>>;
}

function visitObject(value: Record<string, unknown>, path: string[], visit: Visit): void {
  for (const [key, child] of Object.entries(value)) {
    const childPath = [...path, key];
    if (child !== null && child !== undefined) {
      const id = JSON.stringify(childPath);
      const kinds = visit.shapes.get(id) ?? new Set<string>();
      kinds.add(isPlainObject(child) ? 'object' : Array.isArray(child) ? 'array' : 'scalar');
      visit.shapes.set(id, kinds);
    }
    if (Array.isArray(child)) visitList(child, childPath, visit);
    else if (isPlainObject(child)) {
      if (childPath.length < MAX_KEYS) visitObject(child, childPath, visit);
    } else addScalar(child, childPath, visit);
  }
}

function addScalar(value: unknown, path: string[], { index, fields }: Visit): void {
  const id = JSON.stringify(path);
  let field = fields.get(id);
  if (!field) {
    field = { kind: 'scalar', path, jq: '', present: 0, strings: 0, numbers: 0, booleans: 0, emails: 0, withSpace: 0, handles: 0, values: [], records: [] };
    fields.set(id, field);
  }
  if (field.kind !== 'scalar' || value === null || value === undefined || value === '') return;
  field.present += 1;
  field.values.push(value);
  field.records.push(index);
  if (typeof value === 'number') field.numbers += 1;
  if (typeof value === 'boolean') field.booleans += 1;
  if (typeof value !== 'string') return;
  field.strings += 1;
  if (isEmailShaped(value)) field.emails += 1;
  if (/\S\s+\S/u.test(value)) field.withSpace += 1;
  else if (value === value.toLowerCase() && !value.includes('@')) field.handles += 1;
}

/** A list of addresses: objects whose `value`/`address`/`email` is email-shaped. */
function visitList(list: unknown[], path: string[], { index, fields }: Visit): void {
  const elements = list.filter(isPlainObject);
  const valueKey = ADDRESS_KEYS.find((key) => elements.some((element) => isEmailShaped(element[key])));
  if (valueKey === undefined) return;
  const id = `list:${JSON.stringify(path)}`;
  let field = fields.get(id);
  if (!field) {
    field = { kind: 'email-list', path, jq: '', valueKey, hasPrimary: false, mixed: false, present: 0, values: [], records: [] };
    fields.set(id, field);
  }
  if (field.kind !== 'email-list') return;
  field.hasPrimary ||= elements.some((element) => typeof element.primary === 'boolean');
  field.mixed ||= elements.length < list.length;
  // RFC 7643 section 4.1.2: the primary address, else the first one.
  const chosen = elements.find((element) => element.primary === true) ?? elements[0];
  const address = chosen?.[field.valueKey];
  if (isEmailShaped(address)) {
    field.present += 1;
    field.values.push(address);
    field.records.push(index);
  }
}
