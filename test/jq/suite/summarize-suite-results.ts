/**
 * The suite's report: counts per file and category, the share of in-scope jq.test + man.test cases
 * passing (the issue's acceptance figure), and every failure with program, input, expected and actual.
 */
import type { CaseResult } from './run-suite-case.js';

interface Row {
  file: string;
  cases: number;
  inScope: number;
  pass: number;
  unsupported: number;
  wrong: number;
  messageText: number;
  messagePass: number;
  messageDiffers: number;
  outOfScope: number;
  outOfScopePass: number;
  outOfScopeRefused: number;
}

function countRow(file: string, results: CaseResult[]): Row {
  const inScope = results.filter((result) => result.outOfScope === undefined);
  const messageCases = inScope.filter((result) => result.messageText);
  const outOfScope = results.filter((result) => result.outOfScope !== undefined);
  return {
    file,
    cases: results.length,
    inScope: inScope.length,
    pass: inScope.filter((result) => result.status === 'pass').length,
    unsupported: inScope.filter((result) => result.status === 'unsupported').length,
    wrong: inScope.filter((result) => result.status === 'wrong').length,
    messageText: messageCases.length,
    messagePass: messageCases.filter((result) => result.status === 'pass').length,
    messageDiffers: messageCases.filter((result) => result.status === 'message-differs').length,
    outOfScope: outOfScope.length,
    outOfScopePass: outOfScope.filter((result) => result.status === 'pass').length,
    outOfScopeRefused: outOfScope.filter((result) => result.status === 'unsupported').length,
  };
}

/**
 * A file's cases in the four kinds of the conformance table: passed, failed (a wrong answer),
 * jq's message wording differs, skipped by design (out of scope by construct, or refused).
 */
export function countSuiteFile(
  name: string,
  results: CaseResult[],
): { name: string; cases: number; passed: number; failed: number; messageDiffers: number; skippedByDesign: number } {
  const row = countRow(name, results);
  return { name, cases: row.cases, passed: row.pass, failed: row.wrong, messageDiffers: row.messageDiffers, skippedByDesign: row.outOfScope + row.unsupported };
}

const percent = (part: number, whole: number): string => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`);

/** In-scope cases that gave a wrong answer: these fail the test. */
export function findWrongAnswers(results: CaseResult[]): CaseResult[] {
  return results.filter((result) => result.status === 'wrong' && result.outOfScope === undefined);
}

/** One failure, readable on its own: where, program, input, expected, what happened. */
export function describeResult(result: CaseResult): string {
  const { testCase } = result;
  const lines = [
    `${testCase.file}:${testCase.line} [${result.status}${result.outOfScope ? `, out of scope: ${result.outOfScope}` : ''}]`,
    `  program:  ${testCase.program}`,
  ];
  if (testCase.kind === 'run') {
    lines.push(`  input:    ${testCase.input}`, `  expected: ${testCase.expected.join(' | ') || '(no output)'}`);
  } else {
    lines.push(`  expected: compile error ${testCase.message}`);
  }
  lines.push(`  ${result.detail}`);
  return lines.join('\n');
}

/** Markdown report of every file's results. */
export function formatSuiteSummary(resultsByFile: Map<string, CaseResult[]>): string {
  const rows = [...resultsByFile].map(([file, results]) => countRow(file, results));
  const header =
    '| file | cases | in scope | pass | unsupported (refused) | wrong | message-text cases (pass / differs) | out of scope (pass / refused / other) |\n' +
    '|---|---|---|---|---|---|---|---|';
  const lines = rows.map(
    (row) =>
      `| ${row.file} | ${row.cases} | ${row.inScope} | ${row.pass} | ${row.unsupported} | ${row.wrong} | ${row.messageText} (${row.messagePass} / ${row.messageDiffers}) | ${row.outOfScope} (${row.outOfScopePass} / ${row.outOfScopeRefused} / ${row.outOfScope - row.outOfScopePass - row.outOfScopeRefused}) |`,
  );
  const acceptance = rows.filter((row) => row.file === 'jq.test' || row.file === 'man.test');
  const pass = acceptance.reduce((sum, row) => sum + row.pass, 0);
  const inScope = acceptance.reduce((sum, row) => sum + row.inScope, 0);
  const all = [...resultsByFile.values()].flat();
  const areas = new Map<string, number>();
  for (const result of all) if (result.outOfScope) areas.set(result.outOfScope, (areas.get(result.outOfScope) ?? 0) + 1);
  const refusals = new Map<string, number>();
  for (const result of all) if (result.status === 'unsupported') refusals.set(result.detail, (refusals.get(result.detail) ?? 0) + 1);
  return [
    '# jq test suite on the in-process engine',
    '',
    header,
    ...lines,
    '',
    `In-scope jq.test + man.test cases passing: ${pass} / ${inScope} = ${percent(pass, inScope)} (message-text cases included; goal 90%).`,
    `Out of scope by construct: ${[...areas].map(([area, count]) => `${area} ${count}`).join(', ') || 'none'}.`,
    `Refused constructs: ${
      [...refusals]
        .sort((a, b) => b[1] - a[1])
        .map(([construct, count]) => `${construct} (${count})`)
        .join(', ') || 'none'
    }.`,
    '',
  ].join('\n');
}
