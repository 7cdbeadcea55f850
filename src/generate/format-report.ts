/**
 * The human-readable report of `connector generate`: the records choice with the arrays passed
 * over, each mapped field with its reasons, the first records as mapped, and the YAML to paste.
 * Pure text; the command decides where it goes.
 */
import type { MappedRecord } from './apply-mapping.js';
import type { GeneratedConfig } from './generate-config.js';
import type { PaginationProposal } from './propose-pagination.js';

const MAX_CELL = 40;
const MAX_REJECTED = 10;

export function formatReport(input: {
  config: GeneratedConfig;
  mapped: readonly MappedRecord[];
  yaml: string;
  changes?: readonly string[];
  specFile?: string;
  /** The pagination block the response calls for (it says there is more), with why. */
  pagination?: PaginationProposal;
}): string {
  const { config } = input;
  const lines: string[] = [config.records.explanation];
  for (const rejected of config.rejected.slice(0, MAX_REJECTED)) lines.push(`  passed over ${rejected.expression}: ${rejected.reason}`);
  if (config.rejected.length > MAX_REJECTED) lines.push(`  ... and ${config.rejected.length - MAX_REJECTED} more arrays (all listed with --json)`);
  lines.push('', 'Mapping:');
  for (const field of config.fields) {
    lines.push(`  ${field.field}: ${field.expression}`, `    ${field.explanation}`);
    for (const other of field.considered) lines.push(`    also considered ${other}`);
  }
  for (const skipped of config.skipped) lines.push(`  ${skipped.field}: not proposed (${skipped.skipped})`);
  lines.push('', `First ${input.mapped.length} of ${config.records.count} records, mapped:`, ...formatTable(input.mapped).map((line) => `  ${line}`));
  const failures = input.mapped.flatMap((record) => record.errors.map((error) => `  record ${record.index}: ${error}`));
  if (failures.length > 0) lines.push('', 'Expressions that failed:', ...failures);
  if (input.pagination) {
    // JSON is YAML flow style: the line pastes under actions.importUsers as it is.
    lines.push('', input.pagination.explanation, `  pagination: ${JSON.stringify(input.pagination.pagination)}`);
  }
  if (input.specFile !== undefined) {
    lines.push('', `Wrote into ${input.specFile}:`, ...(input.changes?.length ? input.changes : ['nothing to change']).map((change) => `  ${change}`));
  } else {
    lines.push('', 'Paste under actions.importUsers of your spec (or run again with --write <spec.yaml>):', '', input.yaml.trimEnd());
  }
  return `${lines.join('\n')}\n`;
}

/** A plain aligned table of the mapped accounts; long cells are cut with an ellipsis. */
export function formatTable(mapped: readonly MappedRecord[]): string[] {
  const columns = [...new Set(mapped.flatMap((record) => Object.keys(record.account)))];
  if (columns.length === 0) return ['(no records)'];
  const rows = mapped.map((record) => columns.map((column) => formatCell(record.account[column])));
  const header = columns.map((column) => column.toUpperCase());
  const widths = columns.map((_, at) => Math.max(header[at]?.length ?? 0, ...rows.map((row) => row[at]?.length ?? 0)));
  const render = (cells: readonly string[]): string =>
    cells
      .map((cell, at) => cell.padEnd(widths[at] ?? 0))
      .join('  ')
      .trimEnd();
  return [render(header), ...rows.map(render)];
}

function formatCell(value: unknown): string {
  const text = value === '' ? '""' : typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  const oneLine = text.replace(/\s+/gu, ' ');
  return oneLine.length > MAX_CELL ? `${oneLine.slice(0, MAX_CELL - 1)}…` : oneLine;
}
