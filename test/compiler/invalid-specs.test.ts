/**
 * The broken-spec suite: one fixture per kind of error, each asserted as data ({code, line,
 * column}) plus the words of the message and hint that tell the author what to change.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateSpecText } from '../../src/compiler/index.js';

const dir = new URL('../fixtures/invalid-specs/', import.meta.url);

interface Case {
  given: string;
  want: { code: string; line: number; column: number };
  /** Words the message or hint must contain. */
  says: RegExp;
}

const cases: Case[] = [
  { given: 'yaml-syntax', want: { code: 'SPEC_YAML_SYNTAX', line: 4, column: 7 }, says: /closing "quote/ },
  { given: 'bad-indentation', want: { code: 'SPEC_YAML_INDENT', line: 13, column: 1 }, says: /same column/ },
  { given: 'tab-indentation', want: { code: 'SPEC_YAML_INDENT', line: 12, column: 1 }, says: /spaces only/ },
  { given: 'unknown-key', want: { code: 'SPEC_UNKNOWN_KEY', line: 13, column: 5 }, says: /did you mean 'records'/ },
  { given: 'misspelled-top-level-key', want: { code: 'SPEC_UNKNOWN_KEY', line: 6, column: 1 }, says: /did you mean 'baseUrl'/ },
  { given: 'wrong-auth-shape', want: { code: 'SPEC_AUTH_SHAPE', line: 9, column: 1 }, says: /missing the required field 'name'/ },
  { given: 'auth-unknown-key', want: { code: 'SPEC_AUTH_SHAPE', line: 11, column: 3 }, says: /did you mean 'header'/ },
  { given: 'unknown-auth-type', want: { code: 'SPEC_UNKNOWN_AUTH_TYPE', line: 10, column: 9 }, says: /did you mean 'oauth2'/ },
  { given: 'unknown-pagination-type', want: { code: 'SPEC_UNKNOWN_PAGINATION_TYPE', line: 15, column: 24 }, says: /did you mean 'offset'/ },
  { given: 'next-url-missing-next', want: { code: 'SPEC_PAGINATION_SHAPE', line: 15, column: 5 }, says: /missing the required field 'next'.*add `next:`/ },
  { given: 'next-url-bad-jq', want: { code: 'SPEC_JQ_SYNTAX', line: 17, column: 26 }, says: /pagination.next.*unexpected end of expression/ },
  { given: 'retry-on-success-status', want: { code: 'SPEC_INVALID_VALUE', line: 11, column: 13 }, says: /retryOn\[0\].status must be >= 400/ },
  { given: 'retry-on-unknown-key', want: { code: 'SPEC_UNKNOWN_KEY', line: 13, column: 5 }, says: /waitUntil.*waitHeader/ },
  { given: 'steps-beside-method', want: { code: 'SPEC_STEPS_CONFLICT', line: 16, column: 5 }, says: /`method` is beside `steps`.*move `method` into the step/ },
  {
    given: 'write-without-method',
    want: { code: 'SPEC_MISSING_FIELD', line: 15, column: 3 },
    says: /deleteUser is missing the required field 'method'.*or `steps:`/,
  },
  {
    given: 'creates-inactive-unused',
    want: { code: 'SPEC_CREATES_INACTIVE', line: 16, column: 5 },
    says: /none of its templates uses create.active.*"active": \{\{create.active\}\}/,
  },
  {
    given: 'create-variable-undeclared',
    want: { code: 'SPEC_TEMPLATE_UNKNOWN_VARIABLE', line: 18, column: 50 },
    says: /only set when createUser declares `createsInactive: whenAsked`/,
  },
  { given: 'step-when-bad-jq', want: { code: 'SPEC_JQ_SYNTAX', line: 20, column: 34 }, says: /steps\[1\].when: the jq expression/ },
  { given: 'step-unknown-variable', want: { code: 'SPEC_TEMPLATE_UNKNOWN_VARIABLE', line: 19, column: 25 }, says: /'user.id' is not available in deleteUser/ },
  {
    given: 'list-pagination-shape',
    want: { code: 'SPEC_PAGINATION_SHAPE', line: 18, column: 9 },
    says: /additionalLists\[0\].pagination is missing the required field 'param'/,
  },
  { given: 'list-mapping-missing', want: { code: 'SPEC_MAPPING_MISSING', line: 17, column: 9 }, says: /does not map 'email'/ },
  { given: 'list-bad-jq', want: { code: 'SPEC_JQ_SYNTAX', line: 18, column: 56 }, says: /pagination.next.*unexpected '\]'/ },
  { given: 'pagination-shape', want: { code: 'SPEC_PAGINATION_SHAPE', line: 15, column: 5 }, says: /add `param:`/ },
  // An unclosed bracket is reported where it opens.
  { given: 'bad-jq', want: { code: 'SPEC_JQ_SYNTAX', line: 13, column: 20 }, says: /records.*unclosed '\['/ },
  // jq errors inside block scalars: the line and column of the bad token in the YAML file.
  { given: 'jq-error-in-folded-block', want: { code: 'SPEC_JQ_SYNTAX', line: 19, column: 18 }, says: /mapping.email.*unexpected '\|'/ },
  { given: 'jq-error-in-literal-block', want: { code: 'SPEC_JQ_SYNTAX', line: 19, column: 52 }, says: /mapping.email.*unexpected end of expression/ },
  { given: 'jq-unclosed-brace', want: { code: 'SPEC_JQ_SYNTAX', line: 18, column: 9 }, says: /mapping.name.*unclosed '\{'/ },
  { given: 'bad-template', want: { code: 'SPEC_TEMPLATE_SYNTAX', line: 12, column: 23 }, says: /close the mustache: write \{\{inputs.tenant\}\}/ },
  {
    given: 'unknown-template-variable',
    want: { code: 'SPEC_TEMPLATE_UNKNOWN_VARIABLE', line: 18, column: 46 },
    says: /'account.id' is not available in createUser/,
  },
  { given: 'unknown-template-input', want: { code: 'SPEC_TEMPLATE_UNKNOWN_VARIABLE', line: 19, column: 24 }, says: /did you mean 'inputs.region'/ },
  { given: 'secret-in-template', want: { code: 'SPEC_TEMPLATE_SECRET_INPUT', line: 11, column: 15 }, says: /through `auth`/ },
  { given: 'unknown-helper', want: { code: 'SPEC_TEMPLATE_UNKNOWN_HELPER', line: 18, column: 24 }, says: /unknown template helper 'json'/ },
  { given: 'raw-in-body', want: { code: 'SPEC_TEMPLATE_RAW_IN_BODY', line: 18, column: 21 }, says: /write \{\{value\}\}/ },
  { given: 'body-not-json', want: { code: 'SPEC_BODY_NOT_JSON', line: 20, column: 17 }, says: /remove the quotes around "\{\{user.name\}\}"/ },
  {
    given: 'undefined-path-placeholder',
    want: { code: 'SPEC_PATH_PLACEHOLDER_UNDEFINED', line: 17, column: 18 },
    says: /use account.<field>, e.g. account.id/,
  },
  { given: 'missing-email-mapping', want: { code: 'SPEC_MAPPING_MISSING', line: 13, column: 5 }, says: /add `email: <jq>`/ },
  {
    given: 'duplicate-custom-action',
    want: { code: 'SPEC_DUPLICATE_KEY', line: 19, column: 5 },
    says: /custom action 'orderLaptop' is defined twice \(first at line 16\)/,
  },
  { given: 'duplicate-input', want: { code: 'SPEC_DUPLICATE_KEY', line: 9, column: 3 }, says: /input 'token' is declared twice/ },
  { given: 'malformed-url', want: { code: 'SPEC_MALFORMED_URL', line: 6, column: 10 }, says: /absolute URL such as https:/ },
  { given: 'prebuilt-unsupported-action', want: { code: 'SPEC_PREBUILT_UNSUPPORTED_ACTION', line: 16, column: 3 }, says: /add deleteUser to supports/ },
  { given: 'prebuilt-missing-supports', want: { code: 'SPEC_PREBUILT_MISSING_SUPPORTS', line: 5, column: 1 }, says: /add `supports: \[importUsers\]`/ },
  {
    given: 'prebuilt-supports-undefined',
    want: { code: 'SPEC_PREBUILT_SUPPORTS_UNDEFINED', line: 10, column: 25 },
    says: /define actions.deactivateUser or remove it/,
  },
  { given: 'inline-secret-header', want: { code: 'SPEC_INLINE_SECRET', line: 12, column: 18 }, says: /declare a secret input/ },
  { given: 'secret-input-default', want: { code: 'SPEC_INLINE_SECRET', line: 8, column: 64 }, says: /remove `default`/ },
  { given: 'apikey-without-placeholder', want: { code: 'SPEC_INLINE_SECRET', line: 13, column: 10 }, says: /Token token=\{\{ \.Key \}\}/ },
  { given: 'unknown-auth-input', want: { code: 'SPEC_UNKNOWN_INPUT', line: 11, column: 14 }, says: /declare it: `inputs: \{ username/ },
  { given: 'unknown-lookup-override', want: { code: 'SPEC_UNKNOWN_INPUT', line: 15, column: 15 }, says: /did you mean 'fromEmail'/ },
  { given: 'token-url-unknown-input', want: { code: 'SPEC_UNKNOWN_INPUT', line: 11, column: 59 }, says: /did you mean 'tokenUrl'/ },
  { given: 'token-url-input-not-url', want: { code: 'SPEC_INPUT_NOT_URL', line: 8, column: 3 }, says: /add `type: url`/ },
  { given: 'token-url-input-secret', want: { code: 'SPEC_TOKEN_URL_SECRET', line: 8, column: 43 }, says: /remove `secret: true`/ },
  { given: 'token-params-reserved', want: { code: 'SPEC_TOKEN_PARAM_RESERVED', line: 15, column: 47 }, says: /sets 'scope'.*grant sends itself/ },
  { given: 'token-params-unknown-input', want: { code: 'SPEC_UNKNOWN_INPUT', line: 15, column: 33 }, says: /did you mean 'enterpriseId'/ },
  { given: 'token-params-template', want: { code: 'SPEC_TOKEN_PARAM_TEMPLATE', line: 15, column: 27 }, says: /whole value/ },
  { given: 'token-params-not-string', want: { code: 'SPEC_AUTH_SHAPE', line: 15, column: 33 }, says: /tokenParams.box_subject_id must be a string/ },
  { given: 'max-pages-unbounded', want: { code: 'SPEC_PAGINATION_SHAPE', line: 16, column: 57 }, says: /maxPages must be <= 100000/ },
  { given: 'max-in-flight-zero', want: { code: 'SPEC_INVALID_VALUE', line: 14, column: 18 }, says: /maxInFlight must be >= 1/ },
  { given: 'secret-not-marked', want: { code: 'SPEC_SECRET_NOT_MARKED', line: 8, column: 3 }, says: /add `secret: true`/ },
  { given: 'missing-base-url', want: { code: 'SPEC_BASE_URL_MISSING', line: 3, column: 1 }, says: /add `baseUrl: https/ },
  { given: 'custom-action-standard-plan', want: { code: 'SPEC_CUSTOM_ACTION_PLAN', line: 19, column: 13 }, says: /write `plan: business`/ },
  { given: 'missing-required-field', want: { code: 'SPEC_MISSING_FIELD', line: 2, column: 1 }, says: /add `name:`/ },
  { given: 'wrong-type', want: { code: 'SPEC_WRONG_TYPE', line: 18, column: 14 }, says: /must be a list, not a number/ },
  { given: 'invalid-id', want: { code: 'SPEC_INVALID_ID', line: 3, column: 5 }, says: /write `id: acme-hr`/ },
  { given: 'path-not-relative', want: { code: 'SPEC_INVALID_PATH', line: 12, column: 11 }, says: /write `path: \/users`/ },
  { given: 'bad-spec-version', want: { code: 'SPEC_INVALID_VALUE', line: 2, column: 14 }, says: /write `specVersion: 1`/ },
  { given: 'invalid-action-name', want: { code: 'SPEC_INVALID_NAME', line: 16, column: 5 }, says: /rename it to 'orderLaptop'/ },
  { given: 'unclosed-flow-map', want: { code: 'SPEC_YAML_SYNTAX', line: 11, column: 14 }, says: /this \{ is never closed/ },
  { given: 'unclosed-flow-sequence', want: { code: 'SPEC_YAML_SYNTAX', line: 12, column: 17 }, says: /this \[ is never closed/ },
  { given: 'empty-file', want: { code: 'SPEC_EMPTY_FILE', line: 1, column: 1 }, says: /connector new/ },
];

describe('invalid specs', () => {
  it('covers every fixture, one error kind per file, at least 25 kinds', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => f.replace(/\.yaml$/u, ''))
      .sort();
    expect(files).toEqual(cases.map((c) => c.given).sort());
    expect(new Set(cases.map((c) => c.given)).size).toBeGreaterThanOrEqual(25);
  });

  it.each(cases)('$given -> $want.code at $want.line:$want.column', async ({ given, want, says }) => {
    const file = `test/fixtures/invalid-specs/${given}.yaml`;
    const result = await validateSpecText({ text: readFileSync(new URL(`${given}.yaml`, dir), 'utf8'), file });
    expect(result.spec).toBeUndefined();
    const located = result.diagnostics.map(({ code, line, column }) => ({ code, line, column }));
    expect(located).toContainEqual(want);
    const diagnostic = result.diagnostics.find((d) => d.code === want.code && d.line === want.line)!;
    expect(`${diagnostic.message} ${diagnostic.hint}`).toMatch(says);
    expect(diagnostic.file).toBe(file);
    expect(diagnostic.severity).toBe('error');
    expect(diagnostic.hint.length).toBeGreaterThan(5);
  });
});
