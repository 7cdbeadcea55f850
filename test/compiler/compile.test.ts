/** The orchestrator: a failing rule is a diagnostic, never a crash. */
import { describe, expect, it } from 'vitest';
import { validateSpecText } from '../../src/compiler/index.js';
import { baseSpec, specText } from './helpers.js';

describe('rule failures', () => {
  it('turn into a SPEC_RULE_FAILED diagnostic on a schema-valid spec instead of a crash', async () => {
    const failing = { check: async () => Promise.reject(new Error('engine exploded')) };
    const result = await validateSpecText({ text: specText(baseSpec()), file: 's.yaml', jq: failing });
    expect(result.spec).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['SPEC_RULE_FAILED', 'the check checkJqExpressions failed on this spec: engine exploded'],
    ]);
  });
});
