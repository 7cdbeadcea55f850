/** Schema validation: unions report only the branch the author meant; every error is collected. */
import { describe, expect, it } from 'vitest';
import { validateSpecText } from '../../src/compiler/index.js';
import { describePointer } from '../../src/compiler/validate-schema.js';
import { baseSpec, specText } from './helpers.js';

async function diagnosticsOf(change: (spec: Record<string, any>) => void) {
  const spec = baseSpec();
  change(spec);
  return (await validateSpecText({ text: specText(spec), file: 'spec.yaml' })).diagnostics;
}

describe('validateSchema', () => {
  it.each([
    { given: 'apiKey without in and name', auth: { type: 'apiKey' }, want: ["missing the required field 'in'", "missing the required field 'name'"] },
    { given: 'oauth2 with an unknown grant', auth: { type: 'oauth2', grant: 'password', tokenUrl: '/token' }, want: ['auth.grant is "password"'] },
    { given: 'basic with a bearer field', auth: { type: 'basic', prefix: 'Basic ' }, want: ["unknown key 'prefix'"] },
  ])('$given: only the errors of that branch', async ({ auth, want }) => {
    const diagnostics = await diagnosticsOf((spec) => {
      spec.auth = auth;
      spec.inputs = {
        ...spec.inputs,
        username: { label: 'U' },
        password: { label: 'P', secret: true },
        clientId: { label: 'C' },
        clientSecret: { label: 'S', secret: true },
      };
    });
    const shape = diagnostics.filter((d) => d.code === 'SPEC_AUTH_SHAPE');
    expect(shape).toHaveLength(want.length);
    want.forEach((text, i) => expect(shape[i]!.message).toContain(text));
    // No alternative's requirement leaks in (tokenUrl, grant, in/name of other branches).
    for (const d of shape) expect(d.message).toContain(`auth type '${auth.type}'`);
  });

  it('reports an unknown auth type once, with the closest type', async () => {
    const diagnostics = await diagnosticsOf((spec) => (spec.auth = { type: 'Bearer', token: 'token' }));
    expect(diagnostics.map((d) => [d.code, d.hint])).toEqual([['SPEC_UNKNOWN_AUTH_TYPE', "did you mean 'bearer'?"]]);
  });

  it('reports a missing auth type with the list of types', async () => {
    const diagnostics = await diagnosticsOf((spec) => (spec.auth = { header: 'X' }));
    expect(diagnostics.map((d) => d.code)).toEqual(['SPEC_MISSING_FIELD']);
    expect(diagnostics[0]!.hint).toBe('add `type:` with one of: none, bearer, basic, apiKey, oauth2');
  });

  it('collects every error instead of stopping at the first', async () => {
    const diagnostics = await diagnosticsOf((spec) => {
      spec.nmae = 'x';
      spec.actions.importUsers.recrods = '.users';
      spec.actions.importUsers.pagination = { type: 'page', size: 0 };
      delete spec.actions.importUsers.mapping.name;
    });
    expect(diagnostics.map((d) => d.code).sort()).toEqual(['SPEC_MAPPING_MISSING', 'SPEC_PAGINATION_SHAPE', 'SPEC_UNKNOWN_KEY', 'SPEC_UNKNOWN_KEY']);
  });

  it('lists the known keys when no key is close', async () => {
    const diagnostics = await diagnosticsOf((spec) => (spec.actions.importUsers.zzzzzz = 1));
    expect(diagnostics[0]!.hint).toMatch(/^use one of the known keys: method, path, query/u);
  });

  it.each([
    { given: '', want: 'the spec' },
    { given: '/actions/importUsers/mapping', want: 'actions.importUsers.mapping' },
    { given: '/errors/rules/0/when', want: 'errors.rules[0].when' },
  ])('describePointer($given) = $want', ({ given, want }) => expect(describePointer(given)).toBe(want));
});
