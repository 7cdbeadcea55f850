/**
 * Proposes `active` when the records show it: a positive flag (`active`, `enabled`,
 * `accountEnabled`) or a status equal to an active value (`status == "ACTIVE"`, Dropbox's
 * `status.".tag"`), and every negative flag (`suspended`, `deleted`, `disabled`, `archived`)
 * negated, joined with `and`. A missing flag counts as active: only an explicit signal deactivates.
 */
import type { RecordSample, ScalarField } from './collect-field-stats.js';
import { isForeignPath, type FieldProposal, type SkippedField } from './field-proposal.js';
import { normalizeKey } from './jq-path.js';

const POSITIVE_FLAGS = new Set(['active', 'isactive', 'enabled', 'isenabled', 'accountenabled']);
const NEGATIVE_FLAGS = new Set([
  'suspended',
  'issuspended',
  'deleted',
  'isdeleted',
  'disabled',
  'isdisabled',
  'archived',
  'isarchived',
  'deactivated',
  'isdeactivated',
  'blocked',
  'isblocked',
]);
const STATUS_KEYS = new Set(['status', 'state', 'accountstatus', 'userstatus']);
/** Keys that hold a status inside a status object (`status: {".tag": "active"}`). */
const STATUS_VALUE_KEYS = new Set(['tag', 'value', 'code', 'name']);

function statusKey(path: readonly string[]): boolean {
  const last = normalizeKey(path.at(-1) ?? '');
  if (STATUS_KEYS.has(last)) return true;
  return STATUS_VALUE_KEYS.has(last) && STATUS_KEYS.has(normalizeKey(path.at(-2) ?? ''));
}

export function proposeActive(sample: RecordSample): FieldProposal | SkippedField {
  const scalars = sample.fields.filter(
    (field): field is ScalarField => field.kind === 'scalar' && field.present > 0 && field.path.length <= 3 && !isForeignPath(field.path),
  );
  const lastKey = (field: ScalarField): string => normalizeKey(field.path.at(-1) ?? '');
  const isFlag = (field: ScalarField, keys: Set<string>): boolean => keys.has(lastKey(field)) && field.booleans === field.present && field.path.length <= 2;
  const positive = scalars.find((field) => isFlag(field, POSITIVE_FLAGS));
  const negatives = scalars.filter((field) => isFlag(field, NEGATIVE_FLAGS)).slice(0, 3);
  const parts: string[] = [];
  const reasons: string[] = [];
  const considered: string[] = [];
  if (positive) {
    parts.push(`${positive.jq} != false`);
    reasons.push(`flag \`${positive.path.join('.')}\``);
  }
  for (const status of scalars.filter((field) => statusKey(field.path) && field.strings === field.present)) {
    const activeValue = [...new Set(status.values.map(String))].find((value) => /^active$/iu.test(value));
    const described = `${status.jq} (values seen: ${[...new Set(status.values.map(String))].join(', ')})`;
    if (!positive && parts.length === 0 && activeValue !== undefined) {
      parts.push(`${status.jq} == ${JSON.stringify(activeValue)}`);
      reasons.push(`status \`${status.path.join('.')}\` equal to "${activeValue}"`);
    } else considered.push(activeValue === undefined ? `${described}: no "active" value seen` : `${described}: the flag above already says it`);
  }
  for (const negative of negatives) {
    parts.push(`${negative.jq} != true`);
    reasons.push(`not \`${negative.path.join('.')}\``);
  }
  if (parts.length === 0) {
    return {
      field: 'active',
      skipped: `no active/enabled flag, active status or suspended/deleted flag in the records${considered.length ? `; ${considered.join('; ')}` : ''}`,
    };
  }
  return {
    field: 'active',
    expression: parts.join(' and '),
    explanation: `Active: ${reasons.join(' and ')}; a missing flag counts as active.`,
    considered,
  };
}
