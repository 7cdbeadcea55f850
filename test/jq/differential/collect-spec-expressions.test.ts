/** Which strings of a spec are jq, and the inputs the differential run gives each (conformance). */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildSampleInputs, collectSpecExpressions } from './collect-spec-expressions.js';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const SPECS = fileURLToPath(new URL('../../../specs', import.meta.url));

describe('collectSpecExpressions', () => {
  it('finds the jq fields of a spec', () => {
    const found = collectSpecExpressions(SPECS, REPO).filter((item) => item.file === 'specs/prebuilt/incident-platform.yaml');
    expect(found).toContainEqual({
      file: 'specs/prebuilt/incident-platform.yaml',
      pointer: '/actions/importUsers/mapping/admin',
      expression: '.role == "owner" or .role == "admin"',
    });
    expect(found.map((item) => item.pointer)).toContain('/actions/importUsers/records');
    // Plain-text rule messages and header templates are not jq.
    expect(found.map((item) => item.pointer)).not.toContain('/errors/rules/0/message');
    expect(found.map((item) => item.pointer)).not.toContain('/auth/value');
  });
});

describe('buildSampleInputs', () => {
  it('shapes inputs after the fields an expression reads', () => {
    const inputs = buildSampleInputs('.error.errors // [] | join(" ")');
    expect(inputs).toContainEqual({ error: { errors: 42 } });
    expect(inputs).toContainEqual({ error: { errors: ['Email has already been taken.', 'offset too large'] } });
    expect(inputs).toContainEqual(null);
  });
});
