/**
 * `--account`: an account is more than an id. It takes the account's fields as `id=…,login=…`, a
 * JSON object (a line of `connector run <c> importUsers --ndjson`, or an element of `--json`), or
 * a JSON file holding one; a bare value is the id alone. Before anything is sent, the fields the
 * spec's action reads from the account (path placeholders, templates, step conditions, `requires`)
 * are checked, and the missing ones named.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ConnectorSpec } from '../../generated/spec-types.js';
import { analyzeTemplate } from '../template/analyze.js';
import { listPathPlaceholders } from '../runtime/template/path-template.js';
import { describeType, InputsError, readJsonFile } from './inputs.js';

export type AccountFields = Record<string, unknown> & { id: string; email: string; name: string };

/** What a request of an action reads from `account`, and whether it is sent only under a condition. */
export interface AccountReads {
  /** Fields every call reads (the action itself, its unconditional steps, its `requires`). */
  always: string[];
  /** Steps sent only when their `when` holds: each one's fields; one of them must be complete. */
  conditional: string[][];
}

interface RequestLike {
  path?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
  when?: string;
  requires?: string[];
  steps?: RequestLike[];
}

function readsOf(request: RequestLike): string[] {
  const fields = new Set<string>();
  for (const placeholder of listPathPlaceholders(request.path ?? '')) {
    const [root, name] = placeholder.split('.');
    if (root === 'account' && name) fields.add(name);
  }
  const templates: Array<[string, 'json' | 'plain']> = [
    ...Object.values(request.query ?? {}).map((text): [string, 'plain'] => [text, 'plain']),
    ...Object.values(request.headers ?? {}).map((text): [string, 'plain'] => [text, 'plain']),
    ...(request.body === undefined ? [] : [[request.body, 'json'] as [string, 'json']]),
  ];
  for (const [text, kind] of templates) {
    for (const reference of analyzeTemplate(text, kind).references) {
      if (reference.parts[0] === 'account' && reference.parts[1]) fields.add(reference.parts[1]);
    }
  }
  for (const required of request.requires ?? []) {
    const [root, name] = required.split('.');
    if (root === 'account' && name) fields.add(name);
  }
  return [...fields];
}

/** The account fields an action of a spec reads (standard write actions and custom actions). */
export function accountReads(spec: ConnectorSpec, action: string): AccountReads {
  const actions = spec.actions as Record<string, unknown>;
  const found = (actions[action] ?? spec.actions.custom?.[action]) as RequestLike | undefined;
  if (!found) return { always: [], conditional: [] };
  const always = new Set(readsOf(found));
  const conditional: string[][] = [];
  for (const step of found.steps ?? []) {
    const reads = readsOf(step);
    if (step.when === undefined) for (const field of reads) always.add(field);
    else if (reads.length > 0) conditional.push(reads);
  }
  return { always: [...always], conditional };
}

const present = (account: Record<string, unknown>, field: string): boolean => {
  const value = account[field];
  return value !== undefined && value !== null && value !== '';
};

/** The fields the action needs that `account` lacks, as text for a message; undefined when none. */
export function missingAccountFields(reads: AccountReads, account: Record<string, unknown>): string | undefined {
  const always = reads.always.filter((field) => !present(account, field));
  const anyComplete = reads.conditional.length === 0 || reads.conditional.some((fields) => fields.every((field) => present(account, field)));
  const parts = [...always];
  if (!anyComplete) parts.push(reads.conditional.map((fields) => fields.filter((field) => !present(account, field)).join(' and ')).join(' or '));
  return parts.length === 0 ? undefined : parts.join(', ');
}

/** Throws naming the missing fields and the ways to give them. */
export function checkAccountFields({
  spec,
  action,
  account,
  ref,
}: {
  spec: ConnectorSpec;
  action: string;
  account: Record<string, unknown>;
  ref?: string;
}): void {
  const missing = missingAccountFields(accountReads(spec, action), account);
  if (missing === undefined) return;
  const given = Object.keys(account).filter((field) => present(account, field));
  const connector = ref ?? spec.id;
  throw new InputsError(
    `${action} of ${connector} needs the account's ${missing}; --account gave ${given.length > 0 ? given.join(', ') : 'nothing'}. ` +
      `Give the fields as --account id=…,${missing.split(/,| or | and /u)[0]?.trim()}=…, as a JSON file, or as a line of \`connector run ${connector} importUsers --ndjson\``,
  );
}

/** `id=1,login=octocat` to fields; a value may hold `=` but not `,`. */
function parsePairs(value: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const pair of value.split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new InputsError(`--account ${JSON.stringify(pair)}: expected name=value pairs separated by commas (id=…,login=…)`);
    fields[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return fields;
}

function toAccount(data: unknown, where: string): AccountFields {
  const object = Array.isArray(data) && data.length === 1 ? data[0] : data;
  if (typeof object !== 'object' || object === null || Array.isArray(object)) {
    throw new InputsError(
      `${where}: expected one account, a JSON object with an id, got ${Array.isArray(object) ? `an array of ${object.length}` : describeType(object)}`,
    );
  }
  const fields = object as Record<string, unknown>;
  const id = typeof fields.id === 'number' ? String(fields.id) : fields.id;
  if (typeof id !== 'string' || id === '') throw new InputsError(`${where}: the account needs an "id" (a non-empty string), got ${describeType(fields.id)}`);
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  return { ...fields, id, email: text(fields.email), name: text(fields.name) };
}

/** Reads `--account`: fields, a JSON object, a JSON file, or a bare id. */
export async function readAccountFlag({ value, cwd }: { value: string; cwd: string }): Promise<AccountFields> {
  const trimmed = value.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let data: unknown;
    try {
      data = JSON.parse(trimmed);
    } catch (error) {
      throw new InputsError(`--account: not valid JSON (${(error as Error).message.split('\n')[0]}); give a line of \`run importUsers --ndjson\` whole`);
    }
    return toAccount(data, '--account');
  }
  if (/\.json$/iu.test(trimmed) || (trimmed.includes('/') && existsSync(resolve(cwd, trimmed)))) {
    return toAccount(await readJsonFile({ path: trimmed, cwd, flag: 'account' }), trimmed);
  }
  if (/^[^,=]+=/u.test(trimmed)) return toAccount(parsePairs(trimmed), '--account');
  return toAccount({ id: trimmed }, '--account');
}
