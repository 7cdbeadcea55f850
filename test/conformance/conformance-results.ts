/**
 * The figures of a conformance run. Each test file records its counts as one JSON file under
 * .tmp/conformance/ (test files run in separate processes); the global setup prints them as one
 * table when the run ends, whatever its outcome.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESULTS_DIR = fileURLToPath(new URL('../../.tmp/conformance/', import.meta.url));

/** One file of jq's test suite. */
export interface SuiteCounts {
  kind: 'suite';
  name: string;
  cases: number;
  passed: number;
  /** Wrong answers on in-scope cases. */
  failed: number;
  /** Same outcome, but jq's error-message wording differs (%%FAIL messages, `catch` handlers). */
  messageDiffers: number;
  /** Out of the engine's scope by construct (input streams, environment, dates, modules, decimals), or refused at compile time. */
  skippedByDesign: number;
}

/** One differential test: (program, input) cases run on the engine and on the reference jq. */
export interface DifferentialCounts {
  kind: 'differential';
  name: string;
  cases: number;
  agreed: number;
  disagreed: number;
  /** Listed in jq-1.8.1-differences.md; counted, printed, not failed. */
  knownDifferences: number;
  /** Refused by the engine (they run on the jq binary when one is enabled). */
  refused: number;
}

export type ConformanceCounts = SuiteCounts | DifferentialCounts;

export function clearConformanceResults(): void {
  rmSync(RESULTS_DIR, { recursive: true, force: true });
  mkdirSync(RESULTS_DIR, { recursive: true });
}

export function recordConformanceResult(counts: ConformanceCounts): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, `${counts.kind}-${counts.name.replace(/[^\w.-]/gu, '_')}.json`), `${JSON.stringify(counts)}\n`);
}

export function readConformanceResults(): ConformanceCounts[] {
  let names: string[];
  try {
    names = readdirSync(RESULTS_DIR)
      .filter((name) => name.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  return names.map((name) => JSON.parse(readFileSync(join(RESULTS_DIR, name), 'utf8')) as ConformanceCounts);
}

const sum = <T>(rows: T[], pick: (row: T) => number): number => rows.reduce((total, row) => total + pick(row), 0);

/** Two plain-text tables: the suite per file, the differential per test, each with a total line. */
export function formatConformanceTable(results: ConformanceCounts[]): string {
  const suite = results.filter((row): row is SuiteCounts => row.kind === 'suite');
  const differential = results.filter((row): row is DifferentialCounts => row.kind === 'differential');
  const table = (header: string[], rows: Array<Array<string | number>>): string[] => {
    const cells = [header, ...rows].map((row) => row.map(String));
    const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)));
    const line = (row: string[]): string =>
      row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
    return [line(cells[0]!), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.slice(1).map(line)];
  };
  const lines = ['', 'jq conformance against jq 1.8.1', ''];
  if (suite.length > 0) {
    const rows = suite.map((row) => [row.name, row.cases, row.passed, row.failed, row.messageDiffers, row.skippedByDesign]);
    rows.push([
      'total',
      sum(suite, (r) => r.cases),
      sum(suite, (r) => r.passed),
      sum(suite, (r) => r.failed),
      sum(suite, (r) => r.messageDiffers),
      sum(suite, (r) => r.skippedByDesign),
    ]);
    lines.push(...table(['jq suite file', 'cases', 'passed', 'failed', 'message wording differs', 'skipped by design'], rows), '');
  } else lines.push('jq suite: no result (did it run?)', '');
  if (differential.length > 0) {
    const rows = differential.map((row) => [row.name, row.cases, row.agreed, row.disagreed, row.knownDifferences, row.refused]);
    rows.push([
      'total',
      sum(differential, (r) => r.cases),
      sum(differential, (r) => r.agreed),
      sum(differential, (r) => r.disagreed),
      sum(differential, (r) => r.knownDifferences),
      sum(differential, (r) => r.refused),
    ]);
    lines.push(...table(['differential', 'cases', 'agreed', 'disagreed', 'known differences', 'refused'], rows), '');
  } else lines.push('differential: no result (did it run?)', '');
  return lines.join('\n');
}
