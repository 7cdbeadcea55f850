/**
 * jq's own test suite (../shared/jq-tests, copied from jqlang/jq, jq 1.8 line) on the in-process
 * engine. Every case must pass or be refused at compile time as unsupported; a wrong answer on an
 * in-scope case fails its file's test with program, input, expected and actual. Cases outside the
 * engine's scope (input streams, environment, dates, modules) and jq's error-message wording are
 * reported apart. The summary table is printed and written to /tmp/jq-suite-summary.md (details:
 * /tmp/jq-suite-details.txt); the per-file counts go into the conformance table.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadInProcessEngine } from '../jq/suite/load-in-process-engine.js';
import { parseJqTestFile } from '../jq/suite/parse-jq-test-file.js';
import { runSuiteCase, type CaseResult } from '../jq/suite/run-suite-case.js';
import { countSuiteFile, describeResult, findWrongAnswers, formatSuiteSummary } from '../jq/suite/summarize-suite-results.js';
import { recordConformanceResult } from './conformance-results.js';

const SUITE_DIR = new URL('../../../shared/jq-tests/', import.meta.url);
const SUITE_FILES = ['jq.test', 'man.test', 'onig.test', 'manonig.test', 'optional.test'];
const SUMMARY_FILE = '/tmp/jq-suite-summary.md';
const DETAILS_FILE = '/tmp/jq-suite-details.txt';

const resultsByFile = new Map<string, CaseResult[]>();

describe("jq's test suite on the in-process engine", () => {
  for (const file of SUITE_FILES) {
    it(`${file}: every in-scope case passes or is refused as unsupported`, async () => {
      const engine = loadInProcessEngine();
      if (typeof engine === 'string') throw new Error(engine);
      const cases = parseJqTestFile({ text: readFileSync(new URL(file, SUITE_DIR), 'utf8'), file });
      expect(cases.length).toBeGreaterThan(0);
      const results: CaseResult[] = [];
      for (const testCase of cases) results.push(await runSuiteCase(testCase, engine));
      resultsByFile.set(file, results);
      recordConformanceResult({ kind: 'suite', ...countSuiteFile(file, results) });
      const wrong = findWrongAnswers(results).map(describeResult);
      expect(wrong, `${wrong.length} wrong answers in ${file}:\n\n${wrong.join('\n\n')}`).toEqual([]);
    });
  }

  afterAll(() => {
    if (resultsByFile.size === 0) return;
    const summary = formatSuiteSummary(resultsByFile);
    const details = [...resultsByFile.values()]
      .flat()
      .filter((result) => result.status !== 'pass')
      .map(describeResult)
      .join('\n\n');
    writeFileSync(SUMMARY_FILE, summary);
    writeFileSync(DETAILS_FILE, `${details}\n`);
    console.log(`${summary}\n(written to ${SUMMARY_FILE}; every case that did not pass: ${DETAILS_FILE})`);
  });
});
