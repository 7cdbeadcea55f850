import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileJsonBody, compilePlainTemplate } from '../../src/template/compile.js';
import { TemplateSyntaxError } from '../../src/template/parse.js';
import { TemplateLimitError } from '../../src/template/render-limits.js';

const createBody = '{"user": {"name": {{user.name}}, "email": {{user.email}}, "role": {{#if user.admin}}"admin"{{else}}"user"{{/if}}}}';

function render(template: string, context: object): unknown {
  return JSON.parse(compileJsonBody(template)(context));
}

describe('JSON body templates', () => {
  it.each([
    { name: 'a quote that tries to add a field', value: 'Ann", "role": "owner' },
    { name: 'a closing brace', value: 'x"}, "admin": true, "y": {"z": "' },
    { name: 'newlines and tabs', value: 'line1\nline2\r\n\tend' },
    { name: 'mustaches in the value', value: '{{user.email}} {{{raw}}}' },
    { name: 'unicode and line separators', value: 'Zoë 🚀 \u2028\u2029 \u0000' },
    { name: 'an ampersand and HTML', value: 'Tom & Jerry <b>&amp;</b>' },
    { name: 'a backslash', value: 'C:\\temp\\"' },
  ])('keeps $name as one string', ({ value }) => {
    expect(render(createBody, { user: { name: value, email: 'a@b.test' } })).toEqual({ user: { name: value, email: 'a@b.test', role: 'user' } });
  });

  it('never lets any string add a field (property test)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string(), (name, email) => {
        expect(render(createBody, { user: { name, email, admin: true } })).toEqual({ user: { name, email, role: 'admin' } });
      }),
    );
  });

  it('inserts numbers, booleans, objects as JSON and missing values as null', () => {
    expect(render('{"n": {{a}}, "b": {{b}}, "o": {{o}}, "m": {{missing.deep}}}', { a: 3, b: false, o: { k: ['v'] } })).toEqual({
      n: 3,
      b: false,
      o: { k: ['v'] },
      m: null,
    });
  });

  it('offers eq, concat, default, lower and upper', () => {
    const template =
      '{"d": {{concat user.firstName " " user.lastName}}, "x": {{default user.nick user.name}}, "l": {{lower user.email}}, "u": {{upper user.name}}, "r": {{#if (eq user.role "owner")}}"o"{{else}}"n"{{/if}}}';
    expect(render(template, { user: { firstName: 'Ann"', lastName: 'Lee', name: 'ann', email: 'A@B.TEST', role: 'owner' } })).toEqual({
      d: 'Ann" Lee',
      x: 'ann',
      l: 'a@b.test',
      u: 'ANN',
      r: 'o',
    });
  });

  it('offers localPart: the text before the last @ of an email, anything else unchanged', () => {
    expect(
      render('{"n": {{localPart user.email}}, "q": {{localPart user.odd}}, "m": {{localPart user.missing}}}', {
        user: { email: 'ann.lee@acme.test', odd: '"a@b"@c.test' },
      }),
    ).toEqual({
      n: 'ann.lee',
      q: '"a@b"',
      m: null,
    });
  });

  it('does not read prototype properties such as constructor or __proto__', () => {
    const user = JSON.parse('{"__proto__": {"admin": true}, "name": "x"}') as object;
    expect(render('{"c": {{user.constructor}}, "p": {{user.__proto__}}, "a": {{user.admin}}, "t": {{user.toString}}}', { user })).toEqual({
      c: null,
      p: { admin: true },
      a: null,
      t: null,
    });
  });

  it('separates a closing brace right after a mustache, and refuses triple-stash', () => {
    expect(render('{"a": {"b": {{x}}}}', { x: '}}}' })).toEqual({ a: { b: '}}}' } });
    expect(() => compileJsonBody('{"a": {{{x}}}}')).toThrow(TemplateSyntaxError);
  });

  it('plain templates (query, headers) are not escaped', () => {
    expect(compilePlainTemplate('Tom & {{name}}')({ name: '<Jerry> "&"' })).toBe('Tom & <Jerry> "&"');
  });
});

describe('render limits', () => {
  const lookup = Array.from({ length: 3_000 }, (_, index) => index);

  it('stops nested #each over a large list at the iteration budget, quickly', () => {
    const render = compileJsonBody('{"x": [{{#each lookups.big}}{{#each ../lookups.big}}{{#each ../../lookups.big}}1,{{/each}}{{/each}}{{/each}}0]}');
    // Without the budget this is 3,000^3 iterations: the test would not finish.
    expect(() => render({ lookups: { big: lookup } })).toThrow(TemplateLimitError);
  });

  it('lets a single #each over the same list render', () => {
    const render = compileJsonBody('{"x": [{{#each lookups.big}}{{this}},{{/each}}0]}');
    expect(JSON.parse(render({ lookups: { big: lookup } })).x).toHaveLength(3_001);
  });

  it('caps the output size', () => {
    const render = compilePlainTemplate('{{x}}{{x}}');
    expect(() => render({ x: 'a'.repeat(600_000) })).toThrow(/maxOutputLength/u);
  });
});
