/** Builds spec texts for table-driven compiler tests. */
import { stringify } from 'yaml';

export const SCHEMA_COMMENT = '# yaml-language-server: $schema=../../schema/connector-spec.schema.json\n';

/** A small valid build-your-own spec, as data, for tests to change one field of. */
export function baseSpec(): Record<string, any> {
  return {
    specVersion: 1,
    id: 'test-app',
    name: 'Test app',
    type: 'custom',
    baseUrl: 'https://api.example.com',
    inputs: { token: { label: 'Token', secret: true, required: true }, region: { label: 'Region', default: 'eu' } },
    auth: { type: 'bearer' },
    actions: {
      importUsers: { path: '/users', records: '.users', mapping: { id: '.id', email: '.email // ""', name: '.name // ""' } },
    },
  };
}

export function specText(spec: unknown): string {
  return SCHEMA_COMMENT + stringify(spec, { lineWidth: 0 });
}

/** Codes of the error diagnostics, for compact assertions. */
export function errorCodes(diagnostics: { code: string; severity: string }[]): string[] {
  return diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
}
