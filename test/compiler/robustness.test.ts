/** Hostile input never throws and never yields a diagnostic without a place: each case is a diagnostic. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateSpecText } from '../../src/compiler/index.js';
import { baseSpec, errorCodes, specText } from './helpers.js';

function deepBlock(levels: number): string {
  let text = '';
  for (let i = 0; i < levels; i++) text += `${' '.repeat(i)}k:\n`;
  return text;
}

const mergeKeys = `# yaml-language-server: $schema=../../schema/connector-spec.schema.json
specVersion: 1
id: anchors
name: Anchors
type: custom
baseUrl: https://api.example.com
inputs:
  token: {label: Token, secret: true, required: true}
auth: {type: bearer}
x-defaults: &write
  method: DELETE
  success: [200, 204]
actions:
  importUsers:
    path: /users
    mapping: &mapping {id: .id, email: .email, name: .name}
  deleteUser:
    <<: *write
    path: /users/{account.id}
  deactivateUser:
    <<: *write
    method: POST
    path: /users/{account.id}/deactivate
`;

const bomb = [
  'a: &a [x, x, x, x, x, x, x, x, x, x]',
  'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
  'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
  'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]',
].join('\n');

const hugeJq = (() => {
  const spec = baseSpec();
  spec.actions.importUsers.mapping.email = `.email${' // .email'.repeat(10_000)}`;
  return specText(spec);
})();

const cases: { given: string; text: string; want: string }[] = [
  { given: 'empty file', text: '', want: 'SPEC_EMPTY_FILE' },
  { given: 'only a comment', text: '# nothing here\n', want: 'SPEC_EMPTY_FILE' },
  { given: 'binary bytes', text: '\u0000\u0001\u0002PNG', want: 'SPEC_BINARY_FILE' },
  { given: '10 MB of text', text: `name: "${'x'.repeat(10 * 1024 * 1024)}"\n`, want: 'SPEC_FILE_TOO_LARGE' },
  { given: '100000 nested flow brackets', text: '['.repeat(100_000), want: 'SPEC_YAML_TOO_DEEP' },
  { given: '1000 nested block mappings', text: deepBlock(1000), want: 'SPEC_YAML_TOO_DEEP' },
  { given: 'a billion-laughs alias bomb', text: bomb, want: 'SPEC_YAML_ALIAS_LIMIT' },
  { given: 'a 100 KB jq expression', text: hugeJq, want: 'SPEC_JQ_TOO_LONG' },
  { given: 'a scalar document', text: 'hello\n', want: 'SPEC_WRONG_TYPE' },
  { given: 'a list document', text: '- a\n- b\n', want: 'SPEC_WRONG_TYPE' },
  { given: 'two YAML documents', text: 'a: 1\n---\nb: 2\n', want: 'SPEC_YAML_SYNTAX' },
];

describe('robustness', () => {
  it.each(cases)('$given -> $want', async ({ text, want }) => {
    const result = await validateSpecText({ text, file: 'hostile.yaml' });
    expect(result.spec).toBeUndefined();
    expect(errorCodes(result.diagnostics)).toContain(want);
    for (const d of result.diagnostics) {
      expect(d.line).toBeGreaterThanOrEqual(1);
      expect(d.column).toBeGreaterThanOrEqual(1);
      expect(`${d.message} ${d.hint}`).not.toMatch(/\n\s+at /u);
    }
  });

  it('reports a 100 KB jq expression at its mapping field', async () => {
    const result = await validateSpecText({ text: hugeJq, file: 'hostile.yaml' });
    expect(result.diagnostics.find((d) => d.code === 'SPEC_JQ_TOO_LONG')?.pointer).toBe('/actions/importUsers/mapping/email');
  });

  it('accepts anchors and merge keys, expanding them into the spec', async () => {
    const result = await validateSpecText({ text: mergeKeys.replace('x-defaults', 'description: merge keys\nx-defaults'), file: 'anchors.yaml' });
    // x-defaults is not a spec field: the anchor must live in a real field, so this one is reported.
    expect(errorCodes(result.diagnostics)).toEqual(['SPEC_UNKNOWN_KEY']);
    const inline = mergeKeys
      .replace(/x-defaults: &write\n {2}method: DELETE\n {2}success: \[200, 204\]\n/u, '')
      .replace(/ {4}<<: \*write\n/gu, '    <<: &write {method: DELETE, success: [200, 204]}\n');
    const valid = await validateSpecText({ text: inline.replace('<<: &write', '<<: &w1').replace('<<: &write', '<<: &w2'), file: 'anchors.yaml' });
    expect(valid.diagnostics).toEqual([]);
    expect(valid.spec?.actions.deactivateUser).toMatchObject({ method: 'POST', success: [200, 204], path: '/users/{account.id}/deactivate' });
    expect(valid.spec?.actions.deleteUser).toMatchObject({ method: 'DELETE', success: [200, 204] });
  });

  it('never throws on arbitrary text, and places every diagnostic', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 200 }), fc.stringMatching(/^[a-z{}[\]:&*<|>\-\s'"#!%@`,.]{0,80}$/u)), async (text) => {
        const result = await validateSpecText({ text, file: 'fuzz.yaml' });
        for (const d of result.diagnostics) {
          expect(d.code).toMatch(/^SPEC_[A-Z_]+$/u);
          expect(d.line).toBeGreaterThanOrEqual(1);
          expect(d.column).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 150 },
    );
  });

  it.each([
    { given: 'body templates', place: (spec: Record<string, any>, text: string) => (spec.actions.createUser = { method: 'POST', path: '/u', body: text }) },
    { given: 'header templates', place: (spec: Record<string, any>, text: string) => (spec.headers = { 'X-Test': text }) },
    { given: 'paths', place: (spec: Record<string, any>, text: string) => (spec.actions.deleteUser = { method: 'DELETE', path: `/${text}` }) },
    { given: 'jq mappings', place: (spec: Record<string, any>, text: string) => (spec.actions.importUsers.mapping.email = text || '.') },
  ])('never throws on hostile $given', async ({ place }) => {
    const pieces = fc.constantFrom(
      '{{',
      '}}',
      '{{{',
      '}}}',
      '{',
      '}',
      '#if',
      '/if',
      'user.name',
      'account.id',
      'inputs.token',
      '"',
      '\\',
      ' ',
      '.',
      '|',
      '[',
      ']',
      '(',
      ')',
      '$__loc__',
      'x',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 60 }),
          fc.array(pieces, { maxLength: 20 }).map((p) => p.join('')),
        ),
        async (text) => {
          const spec = baseSpec();
          place(spec, text);
          const result = await validateSpecText({ text: specText(spec), file: 'fuzz.yaml' });
          expect(result.diagnostics.map((d) => d.code)).not.toContain('SPEC_RULE_FAILED');
          for (const d of result.diagnostics) {
            expect(d.code).toMatch(/^SPEC_[A-Z_]+$/u);
            expect(d.line).toBeGreaterThanOrEqual(1);
            expect(d.column).toBeGreaterThanOrEqual(1);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
