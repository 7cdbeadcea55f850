/**
 * Swagger 2.0 (OpenAPI 2.0) operations in the form the contract harness judges, OpenAPI 3's. GitLab
 * publishes its REST description as Swagger 2.0 (`doc/api/openapi/openapi_v2.yaml`); a fixture cut
 * from such a description says `"dialect": "swagger-2.0"` and keeps the operations as the vendor
 * wrote them. Following the Swagger 2.0 specification's Parameter Object:
 * - a `query`, `path` or `header` parameter carries its schema keywords (`type`, `format`, `items`,
 *   `enum`, `minimum`, `maximum`, ...) beside its name: they become its `schema`;
 * - the one `body` parameter becomes the request body, its `schema` in each media type of the
 *   operation's `consumes` (else the description's, else `application/json`);
 * - `formData` parameters become one object schema with a property per parameter (a `file` is any
 *   value), in each media type of `consumes` (else `application/x-www-form-urlencoded`).
 * `$ref`s to `#/definitions/...` are kept: the fixture holds `definitions` at its root, where the
 * loader resolves them; a `type: file` inside them (not a JSON Schema type) is read as any value.
 */
import type { ContractOperation, ContractParameter } from './load-contract.js';

type Schema = Record<string, unknown>;

/** A Swagger 2.0 Parameter Object, as a fixture keeps it. */
export interface Swagger2Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'body' | 'formData';
  required?: boolean;
  /** `in: body` only. */
  schema?: Schema;
  [keyword: string]: unknown;
}

/** A Swagger 2.0 Operation Object with its method and path, as a fixture keeps it. */
export interface Swagger2Operation extends Omit<ContractOperation, 'parameters' | 'requestBody'> {
  consumes?: string[];
  parameters?: Swagger2Parameter[];
}

// Swagger 2.0 Parameter Object fields that are schema keywords (the Items Object's, and `items`).
const SCHEMA_KEYWORDS = [
  'type',
  'format',
  'items',
  'enum',
  'default',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'multipleOf',
];

/** A Swagger 2.0 schema with `type: file` (form uploads; no JSON Schema type) read as any value, at any depth. */
export function withoutFileTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutFileTypes);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema as Schema)) {
    if (key === 'type' && value === 'file') continue;
    out[key] = key === 'enum' || key === 'default' || key === 'example' ? value : withoutFileTypes(value);
  }
  return out;
}

function schemaOf(parameter: Swagger2Parameter): Schema {
  const schema: Schema = {};
  for (const keyword of SCHEMA_KEYWORDS) if (parameter[keyword] !== undefined) schema[keyword] = parameter[keyword];
  return withoutFileTypes(schema) as Schema;
}

/** One Swagger 2.0 operation as an OpenAPI 3 one (see the file comment); `consumes` is the description's default. */
export function fromSwagger2(operation: Swagger2Operation, consumes?: string[]): ContractOperation {
  const { parameters = [], consumes: own, ...rest } = operation;
  const plain: ContractParameter[] = [];
  const form: Swagger2Parameter[] = [];
  let body: Swagger2Parameter | undefined;
  for (const parameter of parameters) {
    if (parameter.in === 'body') body = parameter;
    else if (parameter.in === 'formData') form.push(parameter);
    else plain.push({ name: parameter.name, in: parameter.in, ...(parameter.required ? { required: true } : {}), schema: schemaOf(parameter) });
  }
  if (body && form.length > 0) throw new Error(`${operation.operationId}: a Swagger 2.0 operation has a body or form parameters, not both`);
  const converted: ContractOperation = { ...rest, ...(plain.length > 0 ? { parameters: plain } : {}) };
  if (body) {
    const mediaTypes = own ?? consumes ?? ['application/json'];
    const schema = withoutFileTypes(body.schema ?? {}) as Schema;
    converted.requestBody = { required: body.required === true, content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema }])) };
  } else if (form.length > 0) {
    const mediaTypes = own ?? consumes ?? ['application/x-www-form-urlencoded'];
    const required = form.filter((parameter) => parameter.required).map((parameter) => parameter.name);
    const schema: Schema = {
      type: 'object',
      properties: Object.fromEntries(form.map((parameter) => [parameter.name, schemaOf(parameter)])),
      ...(required.length > 0 ? { required } : {}),
    };
    converted.requestBody = { required: required.length > 0, content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema }])) };
  }
  return converted;
}
