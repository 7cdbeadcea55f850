/**
 * Property-based differential test: random jq programs from a grammar subset
 * (test/jq/differential/generate-jq-expression.ts) on random JSON, in-process engine vs jq 1.8.1.
 * Fixed seed, so a failure reproduces; all jq runs are batched into a few processes.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { arbitraryJqExpression, arbitraryJson } from '../../jq/differential/generate-jq-expression.js';
import { recordConformanceResult } from '../conformance-results.js';
import { checkReferenceJq } from '../reference-jq.js';
import { compareWithJq, describeDisagreement } from './compare-with-jq.js';
import { splitKnownDifferences } from './known-differences.js';
import type { DifferentialCase } from './run-jq-binary.js';

const SEED = 20_261_122;
const PROGRAMS = 600;
const INPUTS_PER_PROGRAM = 2;

beforeAll(checkReferenceJq);

describe('random jq programs: in-process engine vs jq 1.8.1', () => {
  it(`${PROGRAMS} programs x ${INPUTS_PER_PROGRAM} inputs give the same outputs, or an error in both`, async () => {
    const samples = fc.sample(
      fc.tuple(arbitraryJqExpression(3, []), fc.array(arbitraryJson, { minLength: INPUTS_PER_PROGRAM, maxLength: INPUTS_PER_PROGRAM })),
      {
        seed: SEED,
        numRuns: PROGRAMS,
      },
    );
    const cases: DifferentialCase[] = samples.flatMap(([expression, inputs]) => inputs.map((input) => ({ expression, input })));
    const report = await compareWithJq(cases);
    const { known, wrong } = splitKnownDifferences(report.disagreements);
    recordConformanceResult({
      kind: 'differential',
      name: `random programs (${PROGRAMS} x ${INPUTS_PER_PROGRAM})`,
      cases: cases.length,
      agreed: report.compared - report.disagreements.length,
      disagreed: wrong.length,
      knownDifferences: known.length,
      refused: report.refused.length,
    });
    if (report.textDiffers.length > 0) {
      console.log(`Same values, printed differently from jq -c (${report.textDiffers.length}):\n${report.textDiffers.map(describeDisagreement).join('\n')}`);
    }
    if (known.length > 0)
      console.log(`Known differences (${known.length}):\n${known.map((item) => `${item.why}:\n  ${describeDisagreement(item)}`).join('\n')}`);
    const shown = wrong.map(describeDisagreement);
    expect(shown, `${shown.length} disagreements with jq:\n\n${shown.join('\n\n')}`).toEqual([]);
    // Refusals are allowed (the construct then runs on the jq binary), but the grammar is meant to be supported.
    expect(report.refused, `refused: ${report.refused.join('\n')}`).toEqual([]);
    expect(report.compared).toBe(cases.length);
  });
});
