/**
 * Runs a proposed records path and mapping with the project's jq (`compileJq`) over the sample
 * response, so the operator sees what Import Users would produce before saving. Follows the
 * mapping rules of the spec format: first output wins, no output or null is missing, id/email/name
 * become strings (numbers as their JSON text, missing as ""), extras keep their JSON type.
 */
import { compileJq, type JqCompileScope, type JqFilter, type JqPolicy } from '../jq/index.js';

export interface MappedRecord {
  index: number;
  account: Record<string, unknown>;
  /** Fields whose expression failed on this record, with jq's message. */
  errors: string[];
}

/** The records path did not yield an array, or an expression does not compile. */
export class MappingApplyError extends Error {
  override readonly name = 'MappingApplyError';
}

const STRING_FIELDS = new Set(['id', 'email', 'name']);

/** `policy`: who wrote the expression (the service's Generate Config: always `customer`). */
export async function applyRecordsPath(input: { expression: string; response: unknown; policy: JqPolicy; scope?: JqCompileScope }): Promise<unknown[]> {
  const { expression, response } = input;
  const filter = await compileField({ field: 'records', expression, policy: input.policy, scope: input.scope });
  const [records] = await filter.run(response);
  if (!Array.isArray(records)) {
    throw new MappingApplyError(
      `records path ${expression} yields ${records === undefined ? 'nothing' : records === null ? 'null' : typeof records}, not an array`,
    );
  }
  return records;
}

export async function applyMapping(input: {
  records: readonly unknown[];
  mapping: Record<string, string>;
  limit: number;
  policy: JqPolicy;
  /** Where the programs run (a tenant's isolate in the service). */
  scope?: JqCompileScope;
}): Promise<MappedRecord[]> {
  const filters = await Promise.all(
    Object.entries(input.mapping).map(
      async ([field, expression]) => [field, await compileField({ field, expression, policy: input.policy, scope: input.scope })] as const,
    ),
  );
  const mapped: MappedRecord[] = [];
  for (const [index, record] of input.records.slice(0, input.limit).entries()) {
    const account: Record<string, unknown> = {};
    const errors: string[] = [];
    for (const [field, filter] of filters) {
      let value: unknown;
      try {
        [value] = await filter.run(record);
      } catch (error) {
        errors.push(`${field}: ${error instanceof Error ? error.message : String(error)}`);
      }
      account[field] = STRING_FIELDS.has(field) ? coerceToString(value) : (value ?? null);
    }
    mapped.push({ index, account, errors });
  }
  return mapped;
}

function coerceToString(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

async function compileField(input: { field: string; expression: string; policy: JqPolicy; scope?: JqCompileScope | undefined }): Promise<JqFilter> {
  const { field, expression, policy, scope } = input;
  try {
    return await compileJq(expression, policy, scope);
  } catch (error) {
    throw new MappingApplyError(`${field}: ${expression} does not compile: ${error instanceof Error ? error.message : String(error)}`);
  }
}
