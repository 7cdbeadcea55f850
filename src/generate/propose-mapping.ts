/**
 * The whole mapping for a list of records: id, email and name always (a guess with an explanation
 * when nothing fits, since the spec requires them), admin and active only when the records show them.
 */
import { collectFieldStats } from './collect-field-stats.js';
import type { FieldProposal, SkippedField } from './field-proposal.js';
import { proposeActive } from './propose-active.js';
import { proposeAdmin } from './propose-admin.js';
import { proposeEmail } from './propose-email.js';
import { proposeId } from './propose-id.js';
import { proposeName } from './propose-name.js';

export interface MappingProposal {
  fields: FieldProposal[];
  /** Optional fields not proposed, with the reason. */
  skipped: SkippedField[];
  /** Field name -> jq, in the order to write them. */
  mapping: Record<string, string>;
}

export function proposeMapping(records: readonly unknown[]): MappingProposal {
  const sample = collectFieldStats(records);
  const fields: FieldProposal[] = [proposeId(sample), proposeEmail(sample), proposeName(sample)];
  const skipped: SkippedField[] = [];
  for (const optional of [proposeAdmin(sample), proposeActive(sample)]) {
    if ('skipped' in optional) skipped.push(optional);
    else fields.push(optional);
  }
  return { fields, skipped, mapping: Object.fromEntries(fields.map((field) => [field.field, field.expression])) };
}
