/**
 * Differential test of every jq expression in specs/**: the in-process engine and jq 1.8.1 give
 * the same outputs, or both fail, on inputs shaped after the fields each expression reads.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSampleInputs, collectSpecExpressions } from '../../jq/differential/collect-spec-expressions.js';
import { recordConformanceResult } from '../conformance-results.js';
import { checkReferenceJq } from '../reference-jq.js';
import { compareWithJq, describeDisagreement } from './compare-with-jq.js';
import { splitKnownDifferences } from './known-differences.js';
import type { DifferentialCase } from './run-jq-binary.js';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const SPECS = fileURLToPath(new URL('../../../specs', import.meta.url));

beforeAll(checkReferenceJq);

describe('jq expressions of the shipped specs: in-process engine vs jq 1.8.1', () => {
  it('every expression agrees with jq on every sample input', async () => {
    const expressions = collectSpecExpressions(SPECS, REPO);
    expect(expressions.length).toBeGreaterThan(0);
    const cases: Array<DifferentialCase & { where: string }> = expressions.flatMap(({ file, pointer, expression }) =>
      buildSampleInputs(expression).map((input) => ({ expression, input, where: `${file}#${pointer}` })),
    );
    const report = await compareWithJq(cases);
    const { known, wrong } = splitKnownDifferences(report.disagreements);
    recordConformanceResult({
      kind: 'differential',
      name: `spec expressions (${expressions.length})`,
      cases: cases.length,
      agreed: report.compared - report.disagreements.length,
      disagreed: wrong.length,
      knownDifferences: known.length,
      refused: report.refused.length,
    });
    const where = new Map(cases.map((item) => [`${item.expression}\u0000${JSON.stringify(item.input)}`, item.where]));
    const locate = (item: DifferentialCase): string => where.get(`${item.expression}\u0000${JSON.stringify(item.input)}`) ?? '?';
    if (known.length > 0)
      console.log(`Known differences (${known.length}):\n${known.map((item) => `${item.why}: ${locate(item)}\n  ${describeDisagreement(item)}`).join('\n')}`);
    const shown = [...wrong, ...report.textDiffers].map((item) => `${locate(item)}\n  ${describeDisagreement(item)}`);
    expect(shown, `${shown.length} disagreements with jq:\n\n${shown.join('\n\n')}`).toEqual([]);
    expect(report.refused, 'spec expressions the in-process engine refuses').toEqual([]);
  });
});
