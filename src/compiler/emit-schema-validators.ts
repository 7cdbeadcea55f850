/**
 * The spec schema's validators as ajv standalone code (CommonJS), for the build to write beside
 * schema-model.ts: the built CLI then loads ready validators instead of compiling the schema at
 * every start. Same ajv options and refs as schema-model.ts compiles at run time from source.
 */
import { createRequire } from 'node:module';
import { createSchemaAjv, precompiledFileName, validatorRefs, type ValidatorKind } from './schema-model.js';

const require = createRequire(import.meta.url);

export function emitSchemaValidators(kind: ValidatorKind): { fileName: string; code: string } {
  const standaloneCode = (require('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js')).default;
  const ajv = createSchemaAjv({ kind, source: true });
  const code = standaloneCode(ajv, Object.fromEntries(validatorRefs()));
  return { fileName: precompiledFileName(kind), code: `// Written by \`npm run build\` from schema/connector-spec.schema.json. Do not edit.\n${code}\n` };
}
