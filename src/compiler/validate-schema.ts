/**
 * Stage 3, validate: the parsed value against `schema/connector-spec.schema.json` (ajv, JSON Schema
 * 2020-12, all errors). Unions are checked in two steps: their `type` first, then only the branch
 * that type names, so an author sees the problems of what they meant to write.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import { joinPointer, splitPointer, type Diagnostic } from './diagnostic.js';
import { hintForName } from './did-you-mean.js';
import { checkingValidators, expandSitePaths, UNION_SITES, unionBranches, valueAt, type UnionSite } from './schema-model.js';
import type { SourceMap } from './source-map.js';

interface Translate {
  file: string;
  sourceMap: SourceMap;
  /** Pointer of the validated value inside the spec ('' for the whole spec). */
  base: string;
  site?: UnionSite;
  branchType?: string;
}

export function validateSchema(input: { value: unknown; file: string; sourceMap: SourceMap }): Diagnostic[] {
  const { value, file, sourceMap } = input;
  const validators = checkingValidators();
  const diagnostics: Diagnostic[] = [];
  if (!validators.spec(value)) diagnostics.push(...translateErrors(validators.spec.errors ?? [], { file, sourceMap, base: '' }));
  for (const site of UNION_SITES) {
    for (const path of expandSitePaths(value, site.path)) {
      const member = valueAt(value, path);
      const type = valueAt(member, ['type']);
      const validate = typeof type === 'string' ? validators.branches.get(site.def)?.get(type) : undefined;
      if (!validate || validate(member)) continue;
      diagnostics.push(...translateErrors(validate.errors ?? [], { file, sourceMap, base: joinPointer(path), site, branchType: type as string }));
    }
  }
  return dedupe(diagnostics);
}

function dedupe(diagnostics: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = `${d.code}|${d.pointer}|${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `actions.importUsers.mapping` for `/actions/importUsers/mapping`; "the spec" for the root. */
export function describePointer(pointer: string): string {
  const segments = splitPointer(pointer);
  return segments.length === 0
    ? 'the spec'
    : segments
        .map((s) => (/^\d+$/u.test(s) ? `[${s}]` : s))
        .join('.')
        .replace(/\.\[/gu, '[');
}

function siteAt(pointer: string): UnionSite | undefined {
  const segments = splitPointer(pointer);
  return UNION_SITES.find(
    (site) =>
      site.path.length === segments.length &&
      site.path.every((part, index) => (part === '*' ? /^\d+$/u.test(segments[index] ?? '') : part === segments[index])),
  );
}

function translateErrors(errors: ErrorObject[], context: Translate): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const error of errors) {
    const diagnostic = translateError(error, context);
    if (diagnostic) out.push(diagnostic);
  }
  return out;
}

function translateError(error: ErrorObject, context: Translate): Diagnostic | undefined {
  const pointer = context.base + error.instancePath;
  const where = describePointer(pointer);
  const make = (code: string, at: { pointer: string; target: 'key' | 'value' }, message: string, hint: string): Diagnostic => ({
    code: context.site ? context.site.shapeCode : code,
    severity: 'error',
    file: context.file,
    ...context.sourceMap.locate(at.pointer, at.target),
    pointer: at.pointer,
    message: context.site ? `${context.site.noun} type '${context.branchType}': ${message}` : message,
    hint,
  });
  const params = error.params as Record<string, unknown>;
  const properties = Object.keys((error.parentSchema?.properties as Record<string, unknown> | undefined) ?? {});

  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const candidates = properties.filter((p) => p !== '$schema');
      return make(
        'SPEC_UNKNOWN_KEY',
        { pointer: `${pointer}/${key}`, target: 'key' },
        `unknown key '${key}' in ${where}`,
        hintForName(key, candidates, 'keys'),
      );
    }
    case 'required': {
      const missing = String(params.missingProperty);
      const isMapping = /^\/actions\/importUsers(\/additionalLists\/\d+)?\/mapping$/u.test(pointer);
      const site = siteAt(pointer);
      const code = isMapping ? 'SPEC_MAPPING_MISSING' : 'SPEC_MISSING_FIELD';
      const hint = isMapping
        ? `add \`${missing}: <jq>\`, e.g. \`${missing}: .${missing} // ""\`; an account needs id, email and name`
        : site && missing === 'type'
          ? `add \`type:\` with one of: ${[...unionBranches(site.def).keys()].join(', ')}`
          : `add \`${missing}:\`${exampleOf(error.parentSchema, missing)}`;
      const message = isMapping ? `the import mapping does not map '${missing}'` : `${where} is missing the required field '${missing}'`;
      return make(code, { pointer, target: 'key' }, message, hint);
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      const site = context.site ? undefined : siteAt(pointer.replace(/\/type$/u, ''));
      const given = JSON.stringify(error.data);
      const hint = typeof error.data === 'string' ? hintForName(error.data, allowed, 'values') : `use one of: ${allowed.join(', ')}`;
      if (site && pointer.endsWith('/type')) {
        return {
          ...make(site.unknownTypeCode, { pointer, target: 'value' }, `unknown ${site.noun} type ${given}`, hint),
          code: site.unknownTypeCode,
        };
      }
      return make('SPEC_INVALID_VALUE', { pointer, target: 'value' }, `${where} is ${given}, which is not one of: ${allowed.join(', ')}`, hint);
    }
    case 'const':
      return make(
        'SPEC_INVALID_VALUE',
        { pointer, target: 'value' },
        `${where} must be ${JSON.stringify(params.allowedValue)}, not ${JSON.stringify(error.data)}`,
        `write \`${splitPointer(pointer).at(-1)}: ${JSON.stringify(params.allowedValue)}\``,
      );
    case 'type':
      return make(
        'SPEC_WRONG_TYPE',
        { pointer, target: 'value' },
        `${where} must be ${article(String(params.type))}, not ${kindOf(error.data)}`,
        typeHint(String(params.type)),
      );
    case 'pattern':
      if (error.propertyName !== undefined) return nameError(error.propertyName, pointer, make);
      return patternError(pointer, error.data, make);
    case 'propertyNames':
    case 'oneOf':
    case 'if':
      return undefined;
    default:
      return make('SPEC_INVALID_VALUE', { pointer, target: 'value' }, `${where} ${error.message ?? 'is invalid'}`, 'see the field in the spec reference');
  }
}

type Make = (code: string, at: { pointer: string; target: 'key' | 'value' }, message: string, hint: string) => Diagnostic;

function nameError(name: string, pointer: string, make: Make): Diagnostic {
  const camel = name.replace(/[-_\s]+(.)/gu, (_, c: string) => c.toUpperCase()).replace(/^[A-Z]/u, (c) => c.toLowerCase());
  return make(
    'SPEC_INVALID_NAME',
    { pointer: `${pointer}/${name}`, target: 'key' },
    `'${name}' in ${describePointer(pointer)} is not a valid name; names are camelCase letters and digits starting with a lowercase letter`,
    `rename it to '${camel.replace(/[^A-Za-z0-9]/gu, '')}'`,
  );
}

function patternError(pointer: string, data: unknown, make: Make): Diagnostic {
  const field = splitPointer(pointer).at(-1);
  if (pointer === '/id') {
    const kebab = String(data)
      .replace(/([a-z0-9])([A-Z])/gu, '$1-$2')
      .toLowerCase()
      .replace(/[^a-z0-9]+/gu, '-')
      .replace(/^-+|-+$/gu, '');
    return make(
      'SPEC_INVALID_ID',
      { pointer, target: 'value' },
      `id ${JSON.stringify(data)} is not kebab-case`,
      `write \`id: ${kebab || 'my-connector'}\` (lowercase letters, digits and single dashes)`,
    );
  }
  if (field === 'path') {
    return make(
      'SPEC_INVALID_PATH',
      { pointer, target: 'value' },
      `${describePointer(pointer)} ${JSON.stringify(data)} must start with '/'; it is relative to the base URL`,
      `write \`path: /${String(data).replace(/^[a-z]+:\/\/[^/]*\/?/iu, '')}\` and put the scheme and host in baseUrl`,
    );
  }
  return make('SPEC_INVALID_VALUE', { pointer, target: 'value' }, `${describePointer(pointer)} has an invalid format`, 'see the field in the spec reference');
}

function exampleOf(parentSchema: Record<string, unknown> | undefined, field: string): string {
  const property = (parentSchema?.properties as Record<string, Record<string, unknown>> | undefined)?.[field];
  const example = (property?.examples as unknown[] | undefined)?.[0] ?? (property?.enum as unknown[] | undefined)?.[0];
  const description = typeof property?.description === 'string' ? ` (${property.description})` : '';
  return example === undefined ? description : `, e.g. \`${field}: ${typeof example === 'string' ? example : JSON.stringify(example)}\`${description}`;
}

function kindOf(data: unknown): string {
  if (data === null) return 'null (an empty value)';
  if (Array.isArray(data)) return 'a list';
  if (typeof data === 'object') return 'a mapping';
  return `${article(typeof data)} (${JSON.stringify(data)})`;
}

function article(type: string): string {
  const names: Record<string, string> = {
    object: 'a mapping',
    array: 'a list',
    string: 'a string',
    integer: 'an integer',
    number: 'a number',
    boolean: 'a boolean (true or false)',
  };
  return names[type] ?? `a ${type}`;
}

function typeHint(type: string): string {
  if (type === 'object') return 'write nested `key: value` lines indented under it';
  if (type === 'array') return 'write a list, e.g. `[200, 201]` or `- item` lines';
  if (type === 'string') return 'quote the value, e.g. "..."';
  return `write ${article(type)}`;
}
