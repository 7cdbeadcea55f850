/**
 * The spec schema prepared for validation: the discriminated unions (`auth`, `pagination`) are split
 * off so the validator can check `type` first and then only the branch the author meant, instead
 * of reporting every oneOf alternative.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import schema from '../../schema/connector-spec.schema.json' with { type: 'json' };

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
  { path: ['actions', 'importUsers', 'pagination'], def: 'pagination', noun: 'pagination', shapeCode: 'SPEC_PAGINATION_SHAPE', unknownTypeCode: 'SPEC_UNKNOWN_PAGINATION_TYPE' },
];

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
    const type = ((defs[name]?.properties as Record<string, JsonObject> | undefined)?.type?.const);
    if (typeof type === 'string') branches.set(type, name);
  }
  return branches;
}

function buildValidators(useDefaults: boolean): SchemaValidators {
  const stripped = structuredClone(specSchema);
  for (const site of UNION_SITES) delete defsOf(stripped)[site.def]!.oneOf;
  // verbose: errors carry parentSchema, so unknown-key hints can list the known keys.
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: false, useDefaults });
  // URLs are checked by a semantic rule with a precise message (absolute http(s) URL).
  ajv.addFormat('uri', true);
  ajv.addSchema(stripped);
  const spec = ajv.getSchema(schemaId)!;
  const branches = new Map<string, Map<string, ValidateFunction>>();
  for (const site of UNION_SITES) {
    const byType = new Map<string, ValidateFunction>();
    for (const [type, def] of unionBranches(site.def)) byType.set(type, ajv.getSchema(`${schemaId}#/$defs/${def}`)!);
    branches.set(site.def, byType);
  }
  return { spec, branches };
}

let checking: SchemaValidators | undefined;
let defaulting: SchemaValidators | undefined;

/** Validators that only check (compiled once per process). */
export function checkingValidators(): SchemaValidators {
  checking ??= buildValidators(false);
  return checking;
}

/** Validators that also fill the schema's defaults into the value they check. */
export function defaultingValidators(): SchemaValidators {
  defaulting ??= buildValidators(true);
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
