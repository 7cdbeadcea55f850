/**
 * A vendor's contract: the operations a connector uses, cut from the vendor's own description
 * (OpenAPI, Graph's CSDL, reference pages), as kept in test/contracts/fixtures/<connector>.json.
 * Loading resolves `$ref`s, merges `allOf`, turns OpenAPI 3.0's `nullable` into a JSON Schema null
 * type, drops `readOnly` properties (a request does not send them) and closes every object that
 * declares properties, so a property the vendor does not declare is an error ("no undeclared
 * property"), then compiles each body and parameter schema once. A Swagger 2.0 fixture
 * (`"dialect": "swagger-2.0"`, GitLab's) is read through `fromSwagger2` first.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { fromSwagger2, withoutFileTypes, type Swagger2Operation } from './swagger2.js';

export interface ContractParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: Record<string, unknown>;
}

export interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
  parameters?: Array<ContractParameter | { $ref: string }>;
  requestBody?: { required?: boolean; content: Record<string, { schema?: Record<string, unknown> }> };
  /** Overrides the contract's basePath (Graph's token endpoint is on another host, without /v1.0). */
  basePath?: string;
  /** Overrides the contract's authorization; null when the operation takes none in a header. */
  authorization?: ContractAuthorization | null;
  /** Where this operation is described, when not in `source` (reference pages). */
  source?: string;
}

export interface ContractAuthorization {
  header: string;
  pattern: string;
  /** Basic: what the decoded user name must look like (Zendesk: `<email>/token`). */
  basicUsernamePattern?: string;
}

/** Limits a vendor documents in prose only (a page size's maximum), with the page that says so. */
export interface DocumentedLimit {
  operationId: string;
  parameter: string;
  minimum?: number;
  maximum?: number;
  source: string;
}

export interface ContractFixture {
  vendor: string;
  source: Record<string, unknown>;
  /** The description's dialect: OpenAPI 3 (and forms written like it) unless `swagger-2.0`. */
  dialect?: 'swagger-2.0';
  /** Swagger 2.0: the media types operations take when they say none (the description's `consumes`). */
  consumes?: string[];
  /** Swagger 2.0: the schemas `#/definitions/...` refers to. */
  definitions?: Record<string, unknown>;
  basePath?: string;
  authorization?: ContractAuthorization;
  documentedLimits?: DocumentedLimit[];
  /** A suffix the vendor accepts on any path (Zendesk's own next links end in `.json`), with its source. */
  optionalPathSuffix?: { suffix: string; source: string };
  operations: ContractOperation[];
  components?: Record<string, Record<string, unknown>>;
}

export interface CompiledParameter extends ContractParameter {
  validate?: ValidateFunction;
}

export interface CompiledOperation {
  operation: ContractOperation;
  basePath: string;
  authorization: ContractAuthorization | null;
  segments: string[];
  parameters: CompiledParameter[];
  bodyRequired: boolean;
  /** Media type (lower case, no parameters) -> validator of the body. */
  bodies: Map<string, ValidateFunction | undefined>;
}

export interface Contract {
  vendor: string;
  optionalPathSuffix?: string;
  operations: CompiledOperation[];
}

type Schema = Record<string, unknown>;

function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are kept in fixtures, not ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part.replace(/~1/gu, '/').replace(/~0/gu, '~')], root);
}

/** Merges `allOf` parts into one schema: properties (merged again when two parts name one), required. */
function mergeAll(parts: Schema[]): Schema {
  const merged: Schema = {};
  const properties: Record<string, Schema[]> = {};
  const required = new Set<string>();
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties') for (const [name, schema] of Object.entries(value as Record<string, Schema>)) (properties[name] ??= []).push(schema);
      else if (key === 'required') for (const name of value as string[]) required.add(name);
      else if (key === 'additionalProperties' && merged.additionalProperties !== undefined) continue;
      else merged[key] = value;
    }
  }
  if (Object.keys(properties).length > 0) {
    merged.properties = Object.fromEntries(
      Object.entries(properties).map(([name, schemas]) => [name, schemas.length === 1 ? (schemas[0] as Schema) : mergeAll(schemas)]),
    );
    merged.type ??= 'object';
  }
  if (required.size > 0) merged.required = [...required];
  return merged;
}

/** One schema in the form Ajv checks a request against (see the file comment). */
export function normalizeSchema(schema: unknown, root: unknown, seen: ReadonlyArray<string> = []): Schema {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return {};
  let node = schema as Schema;
  if (typeof node.$ref === 'string') {
    if (seen.includes(node.$ref)) return {}; // a recursive type: its inner levels are not checked
    return normalizeSchema(resolvePointer(root, node.$ref), root, [...seen, node.$ref]);
  }
  if (Array.isArray(node.allOf)) {
    const { allOf, ...rest } = node;
    node = mergeAll([rest, ...(allOf as unknown[]).map((part) => normalizeSchema(part, root, seen))]);
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties') {
      const properties: Record<string, Schema> = {};
      for (const [name, inner] of Object.entries(value as Record<string, unknown>)) {
        const normalized = normalizeSchema(inner, root, seen);
        if (normalized.readOnly !== true) properties[name] = normalized;
      }
      out.properties = properties;
    } else if (key === 'items' || key === 'not') out[key] = normalizeSchema(value, root, seen);
    else if (key === 'oneOf' || key === 'anyOf') out[key] = (value as unknown[]).map((part) => normalizeSchema(part, root, seen));
    else if (key === 'additionalProperties' && typeof value === 'object') out[key] = normalizeSchema(value, root, seen);
    else if (['discriminator', 'xml', 'nullable', 'readOnly', 'writeOnly', 'deprecated', 'x-nullable'].includes(key) || key.startsWith('x-')) continue;
    else out[key] = value;
  }
  if (node.readOnly === true) out.readOnly = true;
  if (out.properties !== undefined && (out.additionalProperties === undefined || out.additionalProperties === true)) out.additionalProperties = false;
  if (out.required !== undefined && out.properties !== undefined)
    out.required = (out.required as string[]).filter((name) => name in (out.properties as Schema));
  if (node.nullable === true || node['x-nullable'] === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
  }
  return out;
}

function makeAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
  // Formats the descriptions use; email is checked, the others are documentation only.
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/u);
  for (const name of ['int32', 'int64', 'date-time', 'date', 'uri', 'url', 'tzinfo', 'uuid', 'password', 'hostname', 'color', 'id']) ajv.addFormat(name, true);
  return ajv;
}

/** The fixture with its operations in OpenAPI 3's form (a Swagger 2.0 one converted, see swagger2.ts). */
function asOpenApi3(fixture: ContractFixture): ContractFixture {
  if (fixture.dialect === undefined) return fixture;
  if (fixture.dialect !== 'swagger-2.0') throw new Error(`fixture dialect ${String(fixture.dialect)} is not known (swagger-2.0, or none for OpenAPI 3)`);
  return {
    ...fixture,
    operations: fixture.operations.map((operation) => fromSwagger2(operation as unknown as Swagger2Operation, fixture.consumes)),
    ...(fixture.definitions ? { definitions: withoutFileTypes(fixture.definitions) as Record<string, unknown> } : {}),
  };
}

export function compileContract(given: ContractFixture): Contract {
  const ajv = makeAjv();
  const fixture = asOpenApi3(given);
  const root = fixture;
  const operations = fixture.operations.map((operation): CompiledOperation => {
    const parameters = (operation.parameters ?? []).map((parameter): CompiledParameter => {
      const resolved = ('$ref' in parameter ? resolvePointer(root, parameter.$ref) : parameter) as ContractParameter;
      let schema = normalizeSchema(resolved.schema ?? {}, root);
      for (const limit of fixture.documentedLimits ?? []) {
        if (limit.operationId !== operation.operationId || limit.parameter !== resolved.name) continue;
        schema = {
          ...schema,
          ...(limit.minimum === undefined ? {} : { minimum: limit.minimum }),
          ...(limit.maximum === undefined ? {} : { maximum: limit.maximum }),
        };
      }
      return { ...resolved, schema, validate: ajv.compile(schema) };
    });
    const bodies = new Map<string, ValidateFunction | undefined>();
    for (const [mediaType, content] of Object.entries(operation.requestBody?.content ?? {})) {
      bodies.set(mediaType.toLowerCase(), content.schema === undefined ? undefined : ajv.compile(normalizeSchema(content.schema, root)));
    }
    return {
      operation,
      basePath: operation.basePath ?? fixture.basePath ?? '',
      authorization: operation.authorization === undefined ? (fixture.authorization ?? null) : operation.authorization,
      segments: operation.path.split('/').filter(Boolean),
      parameters,
      bodyRequired: operation.requestBody?.required === true,
      bodies,
    };
  });
  return { vendor: fixture.vendor, ...(fixture.optionalPathSuffix ? { optionalPathSuffix: fixture.optionalPathSuffix.suffix } : {}), operations };
}

export function loadContract(file: string): Contract {
  return compileContract(JSON.parse(readFileSync(new URL(`../fixtures/${file}`, import.meta.url), 'utf8')) as ContractFixture);
}
