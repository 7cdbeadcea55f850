/**
 * Property-based differential test: random jq programs from a grammar subset (generate-jq-expression.ts)
 * on random JSON, in-process engine vs /usr/bin/jq. Fixed seed, so a failure reproduces; all jq runs
 * are batched into a few processes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareWithJq, describeDisagreement } from './compare-with-jq.js';
import { arbitraryJqExpression, arbitraryJson } from './generate-jq-expression.js';
import { readJqVersion, type DifferentialCase } from './run-jq-binary.js';

const SEED = 20_261_122;
const PROGRAMS = 300;
const INPUTS_PER_PROGRAM = 2;

describe('random jq programs: in-process engine vs the jq binary', () => {
  it(`${PROGRAMS} programs x ${INPUTS_PER_PROGRAM} inputs give the same outputs, or an error in both`, async () => {
    expect(readJqVersion()).toMatch(/^jq-1\./u);
    const samples = fc.sample(fc.tuple(arbitraryJqExpression(3, []), fc.array(arbitraryJson, { minLength: INPUTS_PER_PROGRAM, maxLength: INPUTS_PER_PROGRAM })), {
      seed: SEED,
      numRuns: PROGRAMS,
    });
    const cases: DifferentialCase[] = samples.flatMap(([expression, inputs]) => inputs.map((input) => ({ expression, input })));
    const report = await compareWithJq(cases);
    if (report.textDiffers.length > 0) {
      console.log(`Same values, printed differently from jq -c (${report.textDiffers.length}):\n${report.textDiffers.map(describeDisagreement).join('\n')}`);
    }
    const shown = report.disagreements.map(describeDisagreement);
    expect(shown, `${shown.length} disagreements with jq:\n\n${shown.join('\n\n')}`).toEqual([]);
    // Refusals are allowed (the construct then runs on the jq binary), but the grammar is meant to be supported.
    expect(report.refused, `refused: ${report.refused.join('\n')}`).toEqual([]);
    expect(report.compared).toBe(cases.length);
  }, 120_000);
});
