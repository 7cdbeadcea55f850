/** Emitting: deterministic TypeScript with the source header and the connector's own types. */
import { describe, expect, it } from 'vitest';
import { emitConnectorModule, emitIndexModule } from '../../src/compiler/emit-module.js';
import { lowerSpec } from '../../src/compiler/lower.js';
import { camelCaseId, pascalCaseId } from '../../src/compiler/naming.js';
import { baseSpec } from './helpers.js';

describe('emitConnectorModule', () => {
  const spec = lowerSpec({
    ...baseSpec(),
    id: 'acme-hr-2',
    actions: { ...baseSpec().actions, deleteUser: { method: 'DELETE', path: '/u/{account.id}' }, custom: { orderLaptop: { method: 'POST', path: '/o' } } },
  });
  const module = emitConnectorModule({ spec, source: 'specs/examples/acme-hr-2.yaml' });

  it('starts with a header naming the source spec and the regenerate command', () => {
    expect(module.split('\n')[0]).toBe('// Generated from specs/examples/acme-hr-2.yaml by `npm run connector -- compile`. Do not edit.');
  });

  it.each([
    { given: 'required input', want: '  token: string;' },
    { given: 'optional input', want: '  region?: string;' },
    { given: 'inputs type alias', want: 'export type AcmeHr2Inputs = {' },
    { given: 'action union', want: "export type AcmeHr2ActionName = 'importUsers' | 'deleteUser';" },
    { given: 'custom action union', want: "export type AcmeHr2CustomActionName = 'orderLaptop';" },
    { given: 'typed constant', want: 'export const acmeHr2Connector: CompiledConnector<AcmeHr2Inputs, AcmeHr2ActionName, AcmeHr2CustomActionName> = {' },
  ])('emits the $given', ({ want }) => expect(module.split('\n')).toContain(want));

  it('emits the lowered spec as data', () => {
    const literal = module
      .slice(module.indexOf('spec: ') + 6, module.lastIndexOf('};'))
      .trim()
      .replace(/,$/u, '');
    expect(JSON.parse(literal)).toEqual(spec);
  });

  it('is byte-identical for the same input', () => {
    expect(emitConnectorModule({ spec: lowerSpec(JSON.parse(JSON.stringify(spec))), source: 'specs/examples/acme-hr-2.yaml' })).toBe(module);
  });

  it('types a connector without inputs or custom actions', () => {
    const bare = emitConnectorModule({ spec: lowerSpec({ ...baseSpec(), inputs: undefined, auth: { type: 'none' } }), source: 's.yaml' });
    expect(bare).toContain('export type TestAppInputs = Record<string, never>;');
    expect(bare).toContain('export type TestAppCustomActionName = never;');
  });
});

describe('emitIndexModule', () => {
  it('registers every connector, sorted, whatever the input order', () => {
    const index = emitIndexModule(['zeta', 'acme-hr']);
    expect(index).toBe(emitIndexModule(['acme-hr', 'zeta']));
    expect(index).toContain("import { acmeHrConnector } from './acme-hr.js';\nimport { zetaConnector } from './zeta.js';");
    expect(index).toContain("  'acme-hr': acmeHrConnector,\n  'zeta': zetaConnector,\n");
  });
});

describe('naming', () => {
  it.each([
    { given: 'incident-platform', camel: 'incidentPlatform', pascal: 'IncidentPlatform' },
    { given: 'scim-2-0', camel: 'scim20', pascal: 'Scim20' },
    { given: 'x', camel: 'x', pascal: 'X' },
  ])('$given', ({ given, camel, pascal }) => {
    expect(camelCaseId(given)).toBe(camel);
    expect(pascalCaseId(given)).toBe(pascal);
  });
});
