/**
 * Differential test of every jq expression in specs/**: the in-process engine and /usr/bin/jq give
 * the same outputs, or both fail, on inputs shaped after the fields each expression reads.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildSampleInputs, collectSpecExpressions } from './collect-spec-expressions.js';
import { compareWithJq, describeDisagreement } from './compare-with-jq.js';
import { readJqVersion, type DifferentialCase } from './run-jq-binary.js';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const SPECS = fileURLToPath(new URL('../../../specs', import.meta.url));

describe('jq expressions of the shipped specs: in-process engine vs the jq binary', () => {
  it('finds the jq fields of a spec', () => {
    const found = collectSpecExpressions(SPECS, REPO).filter((item) => item.file === 'specs/prebuilt/incident-platform.yaml');
    expect(found).toContainEqual({ file: 'specs/prebuilt/incident-platform.yaml', pointer: '/actions/importUsers/mapping/admin', expression: '.role == "owner" or .role == "admin"' });
    expect(found.map((item) => item.pointer)).toContain('/actions/importUsers/records');
    // Plain-text rule messages and header templates are not jq.
    expect(found.map((item) => item.pointer)).not.toContain('/errors/rules/0/message');
    expect(found.map((item) => item.pointer)).not.toContain('/auth/value');
  });

  it('every expression agrees with jq on every sample input', async () => {
    expect(readJqVersion()).toMatch(/^jq-1\./u);
    const expressions = collectSpecExpressions(SPECS, REPO);
    expect(expressions.length).toBeGreaterThan(0);
    const cases: Array<DifferentialCase & { where: string }> = expressions.flatMap(({ file, pointer, expression }) =>
      buildSampleInputs(expression).map((input) => ({ expression, input, where: `${file}#${pointer}` })),
    );
    const report = await compareWithJq(cases);
    // jq 1.6's `a // b` lets an error of `a` through; jq 1.7+ (and the engine) treat it like null.
    const isDefinedOrDifference = (item: { expression: string; engine: string; jq: string }): boolean =>
      item.expression.includes('//') && item.jq.startsWith('error:') && !item.engine.startsWith('error:');
    const definedOr = report.disagreements.filter(isDefinedOrDifference);
    console.log(`${cases.length} cases from ${expressions.length} spec expressions; ${definedOr.length} where jq 1.6's \`//\` fails on an error the engine (jq 1.7 semantics) treats as null`);
    const where = new Map(cases.map((item) => [`${item.expression}\u0000${JSON.stringify(item.input)}`, item.where]));
    const shown = [...report.disagreements.filter((item) => !isDefinedOrDifference(item)), ...report.textDiffers].map(
      (item) => `${where.get(`${item.expression}\u0000${JSON.stringify(item.input)}`) ?? '?'}\n  ${describeDisagreement(item)}`,
    );
    expect(shown, `${shown.length} disagreements with jq:\n\n${shown.join('\n\n')}`).toEqual([]);
    expect(report.refused, 'spec expressions the in-process engine refuses').toEqual([]);
  }, 60_000);
});
