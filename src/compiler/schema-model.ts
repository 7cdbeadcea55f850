/**
 * The spec schema prepared for validation: the discriminated unions (`auth`, `pagination`) are split
 * off so the validator can check `type` first and then only the branch the author meant, instead
 * of reporting every oneOf alternative.
 *
 * Compiling the schema with ajv takes about 300 ms, most of `connector validate`'s time. The build
 * (`npm run build`) therefore writes the same validators as ajv standalone code beside this module
 * (emit-schema-validators.ts); when that file is there they are loaded, else ajv compiles them.
 */
import { createRequire } from 'node:module';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import schema from '../../schema/connector-spec.schema.json' with { type: 'json' };

// CommonJS loading is synchronous, so ajv (and the standalone code, which is CommonJS) is loaded only
// when a validator is first needed, and the built CLI never loads ajv's compiler.
const require = createRequire(import.meta.url);

type JsonObject = Record<string, unknown>;

/** Where a union sits in a spec, and the codes its problems are reported under. */
export interface UnionSite {
  path: readonly string[];
  def: string;
  noun: string;
  shapeCode: string;
  unknownTypeCode: string;
}

export const UNION_SITES: readonly UnionSite[] = [
  { path: ['auth'], def: 'auth', noun: 'auth', shapeCode: 'SPEC_AUTH_SHAPE', unknownTypeCode: 'SPEC_UNKNOWN_AUTH_TYPE' },
  {
    path: ['actions', 'importUsers', 'pagination'],
    def: 'pagination',
    noun: 'pagination',
    shapeCode: 'SPEC_PAGINATION_SHAPE',
    unknownTypeCode: 'SPEC_UNKNOWN_PAGINATION_TYPE',
  },
  // `*`: every item of the list (see expandSitePaths).
  {
    path: ['actions', 'importUsers', 'additionalLists', '*', 'pagination'],
    def: 'pagination',
    noun: 'pagination',
    shapeCode: 'SPEC_PAGINATION_SHAPE',
    unknownTypeCode: 'SPEC_UNKNOWN_PAGINATION_TYPE',
  },
];

/** The concrete paths of a site's path in a value: one per array item where the path has `*`. */
export function expandSitePaths(data: unknown, path: readonly string[]): string[][] {
  const star = path.indexOf('*');
  if (star < 0) return [[...path]];
  const list = valueAt(data, path.slice(0, star));
  if (!Array.isArray(list)) return [];
  return list.flatMap((_, index) => expandSitePaths(data, [...path.slice(0, star), String(index), ...path.slice(star + 1)]));
}

export interface SchemaValidators {
  /** The whole spec, with union branches not checked. */
  spec: ValidateFunction;
  /** Per union def, per `type` value: the validator of that branch. */
  branches: Map<string, Map<string, ValidateFunction>>;
}

/** The schema as written (for hints: descriptions, examples, known keys). */
export const specSchema = schema as JsonObject;
const schemaId = String(specSchema.$id);

export function defsOf(root: JsonObject = specSchema): Record<string, JsonObject> {
  return root.$defs as Record<string, JsonObject>;
}

/** type value -> branch def name, read from the union's oneOf of $refs. */
export function unionBranches(def: string): Map<string, string> {
  const defs = defsOf();
  const branches = new Map<string, string>();
  for (const option of (defs[def]?.oneOf as JsonObject[] | undefined) ?? []) {
    const name = String(option.$ref).replace('#/$defs/', '');
    const type = (defs[name]?.properties as Record<string, JsonObject> | undefined)?.type?.const;
    if (typeof type === 'string') branches.set(type, name);
  }
  return branches;
}

/** The two sets of validators: checking only, or also filling in the schema's defaults. */
export type ValidatorKind = 'checking' | 'defaulting';

/** The standalone module of a kind, as the build names it beside this module. */
export function precompiledFileName(kind: ValidatorKind): string {
  return `schema-validators.${kind}.cjs`;
}

/**
 * The validators' names (as exported by the standalone module) and the schema refs they check:
 * `spec` for the whole spec, and each union branch under its `$defs` name.
 */
export function validatorRefs(): Map<string, string> {
  const refs = new Map([['spec', schemaId]]);
  for (const site of UNION_SITES) for (const def of unionBranches(site.def).values()) refs.set(def, `${schemaId}#/$defs/${def}`);
  return refs;
}

/** ajv with the spec schema added; `source` keeps the generated code for standalone output. */
export function createSchemaAjv(input: { kind: ValidatorKind; source?: boolean }): Ajv2020 {
  const { Ajv2020: AjvClass } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const stripped = structuredClone(specSchema);
  for (const site of UNION_SITES) delete defsOf(stripped)[site.def]!.oneOf;
  // verbose: errors carry parentSchema, so unknown-key hints can list the known keys.
  const ajv = new AjvClass({
    allErrors: true,
    verbose: true,
    strict: false,
    useDefaults: input.kind === 'defaulting',
    code: { source: input.source === true },
  });
  // URLs are checked by a semantic rule with a precise message (absolute http(s) URL).
  ajv.addFormat('uri', true);
  ajv.addSchema(stripped);
  return ajv;
}

/** The build's standalone validators of a kind, or undefined when running from source. */
function loadPrecompiled(kind: ValidatorKind): Record<string, ValidateFunction> | undefined {
  try {
    return require(`./${precompiledFileName(kind)}`) as Record<string, ValidateFunction>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

function buildValidators(kind: ValidatorKind): SchemaValidators {
  const precompiled = loadPrecompiled(kind);
  const ajv = precompiled ? undefined : createSchemaAjv({ kind });
  const refs = validatorRefs();
  const validator = (name: string): ValidateFunction => {
    const validate = precompiled ? precompiled[name] : ajv!.getSchema(refs.get(name)!);
    if (!validate) throw new Error(`schema validator '${name}' is missing (run \`npm run build\` again)`);
    return validate;
  };
  const branches = new Map<string, Map<string, ValidateFunction>>();
  for (const site of UNION_SITES) {
    const byType = new Map<string, ValidateFunction>();
    for (const [type, def] of unionBranches(site.def)) byType.set(type, validator(def));
    branches.set(site.def, byType);
  }
  return { spec: validator('spec'), branches };
}

let checking: SchemaValidators | undefined;
let defaulting: SchemaValidators | undefined;

/** Validators that only check (compiled once per process). */
export function checkingValidators(): SchemaValidators {
  checking ??= buildValidators('checking');
  return checking;
}

/** Validators that also fill the schema's defaults into the value they check. */
export function defaultingValidators(): SchemaValidators {
  defaulting ??= buildValidators('defaulting');
  return defaulting;
}

/** The value at a path of plain data, or undefined. */
export function valueAt(data: unknown, path: readonly string[]): unknown {
  let current = data;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as JsonObject)[segment];
  }
  return current;
}
