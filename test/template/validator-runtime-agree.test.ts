/**
 * The validator and the runtime read templates with one module: whatever the runtime renders,
 * `validate` accepts, and whatever `validate` accepts, the runtime renders (issue 9, point 4).
 */
import { describe, expect, it } from 'vitest';
import { analyzeTemplate } from '../../src/template/analyze.js';
import { compileJsonBody, compilePlainTemplate } from '../../src/template/compile.js';
import { TEMPLATE_HELPER_NAMES } from '../../src/template/helpers.js';

const BODIES = [
  '{"email": {{user.email}}}',
  '{"a": {"b": {"c": {{user.email}}}}}',
  '{"role": {{#if user.admin}}"admin"{{else}}"user"{{/if}}}',
  '{"n": {{concat user.firstName " " user.lastName}}}',
  '{"x": {{{user.name}}} }',
  '{"name": {{user.name}',
  '{"name": {{#if user.admin}}1}',
  '{{> partial}}',
  '{"e": {{user.email}} }',
  '{"t": {{{{raw}}}} {{{{/raw}}}} }',
];
const PLAIN = ['{{inputs.team}}', 'Bearer {{lookups.token}}', '{{x}}}', '{{#if a}}b', 'a}}b', '{{lower inputs.region}}-x'];

function runtimeAccepts(compile: () => unknown): boolean {
  try {
    compile();
    return true;
  } catch {
    return false;
  }
}

describe('validator and runtime agree', () => {
  it.each(BODIES)('JSON body %s', (body) => {
    const validatorAccepts = analyzeTemplate(body, 'json').syntaxError === undefined;
    expect(validatorAccepts).toBe(runtimeAccepts(() => compileJsonBody(body)));
  });

  it.each(PLAIN)('plain value %s', (value) => {
    const validatorAccepts = analyzeTemplate(value, 'plain').syntaxError === undefined;
    expect(validatorAccepts).toBe(runtimeAccepts(() => compilePlainTemplate(value)));
  });

  it('renders the body the README documents', () => {
    expect(JSON.parse(compileJsonBody('{"email": {{user.email}}}')({ user: { email: 'a@b.test' } }))).toEqual({ email: 'a@b.test' });
  });

  it('offers every helper the validator accepts, and no other', () => {
    for (const name of TEMPLATE_HELPER_NAMES) expect(analyzeTemplate(`{{${name} a b}}`, 'plain').unknownHelpers).toEqual([]);
    expect(analyzeTemplate('{{shout a}}', 'plain').unknownHelpers).toHaveLength(1);
    expect(() => compilePlainTemplate('{{shout a}}')({ a: 'x' })).toThrow(/shout/u);
  });
});
