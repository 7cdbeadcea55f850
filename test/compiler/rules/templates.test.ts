/** Template rules: which variables each action has, helpers, secrets, raw mustaches and JSON bodies. */
import { describe, expect, it } from 'vitest';
import { validateSpecText } from '../../../src/compiler/index.js';
import { baseSpec, errorCodes, specText } from '../helpers.js';

type Where = 'importUsers' | 'createUser' | 'deleteUser' | 'custom' | 'specHeaders';

async function codesFor(where: Where, template: string, field: 'header' | 'body' = 'header'): Promise<string[]> {
  const spec = baseSpec();
  spec.lookups = { owner: { path: '/owner', value: '.email' } };
  const action: Record<string, unknown> = { method: 'POST', path: '/x' };
  if (field === 'body') action.body = template;
  else action.headers = { 'X-Test': template };
  if (where === 'specHeaders') spec.headers = { 'X-Test': template };
  else if (where === 'importUsers') spec.actions.importUsers.headers = { 'X-Test': template };
  else if (where === 'custom') spec.actions.custom = { order: { ...action, variables: { tag: { type: 'string' } } } };
  else spec.actions[where] = { ...action, ...(where === 'createUser' ? { generate: { password: { type: 'password' } } } : {}) };
  return errorCodes((await validateSpecText({ text: specText(spec), file: 's.yaml' })).diagnostics);
}

describe('template variables per action', () => {
  it.each<{ where: Where; template: string; want: string[] }>([
    { where: 'importUsers', template: '{{inputs.region}} {{actor.email}}', want: [] },
    { where: 'importUsers', template: '{{user.email}}', want: ['SPEC_TEMPLATE_UNKNOWN_VARIABLE'] },
    { where: 'importUsers', template: '{{lookups.owner}}', want: ['SPEC_TEMPLATE_UNKNOWN_VARIABLE'] },
    { where: 'createUser', template: '{{user.email}} {{lookups.owner}} {{user.department}}', want: [] },
    { where: 'createUser', template: '{{account.id}}', want: ['SPEC_TEMPLATE_UNKNOWN_VARIABLE'] },
    { where: 'createUser', template: '{{lookups.manager}}', want: ['SPEC_TEMPLATE_UNKNOWN_VARIABLE'] },
    { where: 'createUser', template: '{{actor.phone}}', want: ['SPEC_TEMPLATE_UNKNOWN_VARIABLE'] },
    { where: 'deleteUser', template: '{{account.id}} {{account.extra}}', want: [] },
    { where: 'deleteUser', template: '{{user.email}}', want: ['SPEC_TEMPLATE_UNKNOWN_VARIABLE'] },
    { where: 'custom', template: '{{vars.tag}} {{user.email}} {{account.id}}', want: [] },
    { where: 'custom', template: '{{vars.other}}', want: ['SPEC_TEMPLATE_UNKNOWN_VARIABLE'] },
    { where: 'specHeaders', template: '{{inputs.region}}', want: [] },
    { where: 'specHeaders', template: '{{actor.email}}', want: ['SPEC_TEMPLATE_UNKNOWN_VARIABLE'] },
    { where: 'createUser', template: '{{inputs.token}}', want: ['SPEC_TEMPLATE_SECRET_INPUT'] },
    { where: 'createUser', template: '{{#if user.admin}}a{{else}}b{{/if}} {{upper (concat user.firstName "x")}}', want: [] },
    { where: 'createUser', template: '{{#each user.groups}}{{name}}{{/each}}', want: [] },
    { where: 'createUser', template: '{{shout user.email}}', want: ['SPEC_TEMPLATE_UNKNOWN_HELPER'] },
    { where: 'createUser', template: '{{> partial}}', want: ['SPEC_TEMPLATE_SYNTAX'] },
    { where: 'createUser', template: '{{#if user.admin}}x', want: ['SPEC_TEMPLATE_SYNTAX'] },
    { where: 'createUser', template: '{{generated.password}} {{truncate (firstWord user.name) 50}} {{restWords user.name}}', want: [] },
    { where: 'createUser', template: '{{generated.pin}}', want: ['SPEC_TEMPLATE_UNKNOWN_VARIABLE'] },
    { where: 'deleteUser', template: '{{generated.password}}', want: ['SPEC_TEMPLATE_UNKNOWN_VARIABLE'] },
  ])('$where: $template -> $want', async ({ where, template, want }) => {
    expect(await codesFor(where, template)).toEqual(want);
  });
});

describe('requires', () => {
  it.each([
    { given: ['user.email', 'inputs.region'], want: [] },
    { given: ['account.id'], want: ['SPEC_TEMPLATE_UNKNOWN_VARIABLE'] },
    { given: ['inputs.regoin'], want: ['SPEC_TEMPLATE_UNKNOWN_VARIABLE'] },
  ])('createUser requires $given -> $want', async ({ given, want }) => {
    const spec = baseSpec();
    spec.actions.createUser = { method: 'POST', path: '/x', requires: given };
    expect(errorCodes((await validateSpecText({ text: specText(spec), file: 's.yaml' })).diagnostics)).toEqual(want);
  });
});

describe('JSON bodies', () => {
  it.each([
    { given: '{"email": {{user.email}}, "name": {{concat user.firstName " " user.lastName}} }', want: [] },
    { given: '{"role": {{#if user.admin}}"admin"{{else}}"user"{{/if}} }', want: [] },
    { given: '{"name": "{{user.name}}"}', want: ['SPEC_BODY_NOT_JSON'] },
    { given: '{"name": {{{user.name}}} }', want: ['SPEC_TEMPLATE_RAW_IN_BODY'] },
    { given: '{"name": {{user.name}}}', want: [] },
    { given: '{"email": {{user.email}}}', want: [] },
    { given: '{"user": {"email": {{user.email}}, "role": {{#if user.admin}}"admin"{{else}}"user"{{/if}}}}', want: [] },
    { given: '{"name": {{user.name}', want: ['SPEC_TEMPLATE_SYNTAX'] },
    { given: '{"a": 1,}', want: ['SPEC_BODY_NOT_JSON'] },
  ])('$given -> $want', async ({ given, want }) => {
    expect(await codesFor('createUser', given, 'body')).toEqual(want);
  });

  it("locates a syntax error after a closing brace in the author's text, not the text the parser saw", async () => {
    const spec = baseSpec();
    // Column of `{{/if` in the author's text: separators after `{{user.a}}}` must not shift it.
    const body = '{"a": {"b": {{user.a}}}, "c": {{#if user.b}}1{{/iff}} }';
    spec.actions.createUser = { method: 'POST', path: '/u', body };
    const { diagnostics } = await validateSpecText({ text: specText(spec), file: 's.yaml' });
    const syntax = diagnostics.find((diagnostic) => diagnostic.code === 'SPEC_TEMPLATE_SYNTAX');
    expect(syntax).toBeDefined();
    const line = specText(spec).split('\n')[(syntax?.line ?? 1) - 1] ?? '';
    expect(line.indexOf(body)).toBeGreaterThanOrEqual(0);
    const offset = (syntax?.column ?? 1) - 1 - line.indexOf(body);
    // Handlebars points at the block's name: `if` of `{{#if`.
    expect(offset).toBe(body.indexOf('{{#if') + 3);
  });
});

describe('nested iteration', () => {
  it('warns at the inner #each, without refusing the spec', async () => {
    const spec = baseSpec();
    const body = '{"x": [{{#each user.groups}}{{#each ../user.roles}}1,{{/each}}{{/each}}0]}';
    spec.actions.createUser = { method: 'POST', path: '/u', body };
    const { diagnostics } = await validateSpecText({ text: specText(spec), file: 's.yaml' });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(diagnostics).toContainEqual(expect.objectContaining({ code: 'SPEC_TEMPLATE_NESTED_EACH', severity: 'warning' }));
  });
});
