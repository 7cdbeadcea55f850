/**
 * Request validation with ajv from the route schemas. Bodies are checked as sent (no coercion, no
 * silently removed fields: an unknown field is refused); query strings and path parameters are
 * text, so their numbers are coerced. Refusals name each field by JSON pointer, never its value.
 */
import { Ajv, type ErrorObject } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { problem, type Problem } from './problem.js';

const common = { allErrors: true, strict: false, discriminator: true, removeAdditional: false, useDefaults: true } as const;
const bodyAjv = new Ajv({ ...common, coerceTypes: false });
const textAjv = new Ajv({ ...common, coerceTypes: true });

type Validator = ReturnType<FastifySchemaCompiler<object>>;

/**
 * Compiled validators by request part and schema text. Route schemas are built per app, so ajv
 * (which caches by object) would compile each of them again for every app this process builds:
 * about 100 ms of CPU per app, and its cache would keep every copy.
 */
const compiled = new Map<string, Validator>();

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  const key = `${ajv === bodyAjv ? 'body' : 'text'} ${JSON.stringify(schema)}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema) as Validator;
    compiled.set(key, validate);
  }
  return validate;
};

export interface FieldError {
  /** Where, as a JSON pointer from the request part: `/body/inputs/token`, `/querystring/limit`. */
  pointer: string;
  message: string;
}

export interface FastifyValidationError {
  validation: ErrorObject[];
  validationContext?: string;
}

function fieldError(part: string, error: ErrorObject): FieldError {
  const base = `/${part}${error.instancePath}`;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { pointer: `${base}/${String(params.missingProperty)}`, message: 'is required' };
    case 'additionalProperties':
      return { pointer: `${base}/${String(params.additionalProperty)}`, message: 'is not a known field' };
    case 'enum':
      return { pointer: base, message: `must be one of ${(params.allowedValues as unknown[]).join(', ')}` };
    case 'discriminator':
      return { pointer: `${base}/${String(params.tag)}`, message: 'is missing or not one of the types offered' };
    default:
      return { pointer: base, message: error.message ?? 'is not valid' };
  }
}

export function validationProblem(error: FastifyValidationError): Problem {
  const part = error.validationContext ?? 'body';
  const seen = new Set<string>();
  const errors = error.validation
    .map((item) => fieldError(part, item))
    .filter((item) => {
      const key = `${item.pointer} ${item.message}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
  const first = errors[0];
  return problem(
    'VALIDATION_FAILED',
    `the request has ${errors.length} invalid field${errors.length === 1 ? '' : 's'}${first ? `; first ${first.pointer} ${first.message}` : ''}`,
    {
      errors,
      hint: 'see /openapi.json for the request schema',
    },
  );
}
