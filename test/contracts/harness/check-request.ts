/**
 * Judges one request a connector sent against its vendor's contract: the method and path template
 * exist; every query parameter is declared and within its schema (page sizes within their limits),
 * required ones present; path segments valid; required header parameters present (OpenAPI 3
 * "Parameter Object": Accept, Content-Type and Authorization header parameters are ignored, they
 * are judged apart); the body's content type is one the operation takes and the body validates
 * against its schema with no undeclared property; the authorization header has the vendor's shape.
 * Returns the violations, each a sentence naming the place; none means the request conforms.
 */
import type { ErrorObject } from 'ajv';
import type { CompiledOperation, Contract } from './load-contract.js';

export interface SentRequest {
  method: string;
  /** Path and query as sent (`/api/v1/users?limit=200`), or a whole URL. */
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface RequestVerdict {
  operationId?: string;
  violations: string[];
}

const IGNORED_HEADER_PARAMETERS = new Set(['accept', 'content-type', 'authorization']);

function matchOperation(contract: Contract, method: string, pathname: string): { operation: CompiledOperation; values: Map<string, string> } | undefined {
  for (const operation of contract.operations) {
    if (operation.operation.method !== method) continue;
    if (!pathname.startsWith(operation.basePath)) continue;
    const segments = pathname.slice(operation.basePath.length).split('/').filter(Boolean);
    if (segments.length !== operation.segments.length) continue;
    const values = new Map<string, string>();
    const matches = operation.segments.every((template, index) => {
      const segment = decodeURIComponent(segments[index] ?? '');
      const name = /^\{(.+)\}$/u.exec(template)?.[1];
      if (name === undefined) return template === segment;
      values.set(name, segment);
      return segment !== '';
    });
    if (matches) return { operation, values };
  }
  return undefined;
}

function describeErrors(where: string, errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => {
    if (error.keyword === 'additionalProperties')
      return `${where}${error.instancePath}: property "${String((error.params as { additionalProperty: string }).additionalProperty)}" is not declared by the vendor`;
    return `${where}${error.instancePath || ''}: ${error.message ?? error.keyword}${error.keyword === 'enum' ? ` (${JSON.stringify((error.params as { allowedValues: unknown }).allowedValues)})` : ''}`;
  });
}

/** A query or path value in the type its schema wants (query strings carry text only). */
function coerce(value: string, schema: Record<string, unknown> | undefined): unknown {
  const type = Array.isArray(schema?.type) ? (schema.type as string[])[0] : schema?.type;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/u.test(value)) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function checkParameters(operation: CompiledOperation, url: URL, pathValues: Map<string, string>, headers: Record<string, string>): string[] {
  const violations: string[] = [];
  const declared = new Set(operation.parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name));
  for (const name of new Set(url.searchParams.keys())) {
    if (!declared.has(name)) violations.push(`query parameter "${name}" is not declared for ${operation.operation.operationId}`);
  }
  for (const parameter of operation.parameters) {
    const where = `${parameter.in} parameter "${parameter.name}"`;
    let value: unknown;
    if (parameter.in === 'query') {
      const values = url.searchParams.getAll(parameter.name);
      if (values.length === 0) value = undefined;
      else if (parameter.schema?.type === 'array') value = values.map((one) => coerce(one, parameter.schema?.items as Record<string, unknown>));
      else if (values.length > 1) {
        violations.push(`${where} is repeated, but is not an array`);
        continue;
      } else value = coerce(values[0] as string, parameter.schema);
    } else if (parameter.in === 'path') {
      value = pathValues.get(parameter.name);
      if (value !== undefined) value = coerce(value as string, parameter.schema);
    } else if (parameter.in === 'header') {
      if (IGNORED_HEADER_PARAMETERS.has(parameter.name.toLowerCase())) continue;
      value = headers[parameter.name.toLowerCase()];
    } else continue;
    if (value === undefined) {
      if (parameter.required) violations.push(`${where} is required`);
      continue;
    }
    if (parameter.validate && !parameter.validate(value)) violations.push(...describeErrors(where, parameter.validate.errors));
  }
  return violations;
}

function parseBody(mediaType: string, body: string): { value?: unknown; error?: string } {
  if (mediaType === 'application/x-www-form-urlencoded') return { value: Object.fromEntries(new URLSearchParams(body)) };
  try {
    return { value: JSON.parse(body) as unknown };
  } catch (error) {
    return { error: `the body is not JSON (${(error as Error).message})` };
  }
}

function checkBody(operation: CompiledOperation, request: SentRequest): string[] {
  const hasBody = request.body !== '';
  if (!hasBody) return operation.bodyRequired ? [`${operation.operation.operationId} requires a body`] : [];
  if (operation.bodies.size === 0) return [`${operation.operation.operationId} takes no body, one was sent`];
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!operation.bodies.has(contentType))
    return [`content type "${contentType}" is not one ${operation.operation.operationId} takes (${[...operation.bodies.keys()].join(', ')})`];
  const validate = operation.bodies.get(contentType);
  const parsed = parseBody(contentType, request.body);
  if (parsed.error) return [parsed.error];
  if (validate && !validate(parsed.value)) return describeErrors('body', validate.errors);
  return [];
}

function checkAuthorization(operation: CompiledOperation, headers: Record<string, string>): string[] {
  const rule = operation.authorization;
  if (rule === null) return headers.authorization === undefined ? [] : [`${operation.operation.operationId} takes no Authorization header, one was sent`];
  const value = headers[rule.header.toLowerCase()];
  if (value === undefined) return [`header ${rule.header} is missing`];
  // The credential itself is never quoted: only its shape is judged.
  if (!new RegExp(rule.pattern, 'u').test(value)) return [`header ${rule.header} does not have the vendor's shape ${rule.pattern}`];
  if (rule.basicUsernamePattern !== undefined) {
    const decoded = Buffer.from(value.replace(/^Basic /u, ''), 'base64').toString('utf8');
    const username = decoded.slice(0, decoded.indexOf(':'));
    if (!new RegExp(rule.basicUsernamePattern, 'u').test(username))
      return [`the Basic user name does not have the vendor's shape ${rule.basicUsernamePattern}`];
  }
  return [];
}

export function checkRequest(contract: Contract, request: SentRequest): RequestVerdict {
  const url = new URL(request.url, 'http://target.invalid');
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
  const suffix = contract.optionalPathSuffix;
  const pathname = suffix !== undefined && url.pathname.endsWith(suffix) ? url.pathname.slice(0, -suffix.length) : url.pathname;
  const found = matchOperation(contract, request.method.toUpperCase(), pathname);
  if (!found) return { violations: [`${request.method} ${url.pathname} is no operation of ${contract.vendor}`] };
  const { operation, values } = found;
  return {
    operationId: operation.operation.operationId,
    violations: [
      ...checkParameters(operation, url, values, headers),
      ...checkBody(operation, { ...request, headers }),
      ...checkAuthorization(operation, headers),
    ],
  };
}
