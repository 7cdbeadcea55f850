/**
 * What an action acts on, from the command line: the person (`--person <file.json>`), the account
 * (`--account`, its fields: see account-fields.ts) and a custom action's variables
 * (`--vars <file.json>`), and which of these each kind of action needs and accepts. Becomes the
 * action's template variables.
 */
import type { ConnectorSpec } from '../../generated/spec-types.js';
import type { Person } from '../index.js';
import { checkAccountFields, readAccountFlag, type AccountFields } from './account-fields.js';
import { describeType, InputsError, readJsonFile } from './inputs.js';
import type { ActionKind } from './resolve-connector.js';

/**
 * Reads `--person <file.json>`: the person to provision (email and name required, firstName and
 * lastName strings, admin a boolean), checked so it is the runtime's `Person` without a cast.
 */
export async function readPersonFile({ path, cwd }: { path: string; cwd: string }): Promise<Person> {
  const data = await readJsonFile({ path, cwd, flag: 'person' });
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new InputsError(`${path}: expected a JSON object with email and name, got ${describeType(data)}`);
  }
  const person = data as Record<string, unknown>;
  for (const field of ['email', 'name'] as const) {
    if (typeof person[field] !== 'string' || person[field] === '') {
      throw new InputsError(`${path}: "${field}" must be a non-empty string, got ${describeType(person[field])}`);
    }
  }
  for (const field of ['firstName', 'lastName'] as const) {
    if (person[field] !== undefined && typeof person[field] !== 'string') {
      throw new InputsError(`${path}: "${field}" must be a string, got ${describeType(person[field])}`);
    }
  }
  if (person.admin !== undefined && typeof person.admin !== 'boolean') {
    throw new InputsError(`${path}: "admin" must be true or false, got ${describeType(person.admin)}`);
  }
  return person as Person;
}

/** Reads `--vars <file.json>`: the variables of a custom action, a JSON object. */
export async function readVarsFile({ path, cwd }: { path: string; cwd: string }): Promise<Record<string, unknown>> {
  const data = await readJsonFile({ path, cwd, flag: 'vars' });
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new InputsError(`${path}: expected a JSON object of variable name to value, got ${describeType(data)}`);
  }
  return data as Record<string, unknown>;
}

export interface ActionVariables {
  user?: Person;
  account?: AccountFields;
  vars?: Record<string, unknown>;
}

/**
 * Template variables of an action from `--person`, `--account` and `--vars`. Given the spec and
 * the action, the account is checked for the fields the action reads before anything is sent.
 */
export async function actionVariables({
  strings,
  cwd,
  spec,
  action,
}: {
  strings: Record<string, string>;
  cwd: string;
  spec?: ConnectorSpec;
  action?: string;
}): Promise<ActionVariables> {
  const variables: ActionVariables = {};
  if (strings.person !== undefined) variables.user = await readPersonFile({ path: strings.person, cwd });
  // Fields not given (email, name of a bare id) are empty, as for an unmapped field.
  if (strings.account !== undefined) {
    variables.account = await readAccountFlag({ value: strings.account, cwd });
    if (spec && action) checkAccountFields({ spec, action, account: variables.account });
  }
  if (strings.vars !== undefined) variables.vars = await readVarsFile({ path: strings.vars, cwd });
  return variables;
}

/** Which of `--person`, `--account`, `--vars` an action kind needs and accepts. */
export function checkVariableFlags({
  strings,
  kind,
  action,
  personOptional = false,
}: {
  strings: Record<string, string>;
  kind: ActionKind;
  action: string;
  /** preview --payload renders with the operator (actor) as the person when none is given. */
  personOptional?: boolean;
}): void {
  if (kind === 'create' && strings.person === undefined && !personOptional) throw new InputsError(`${action} needs --person <file.json>`);
  if (kind === 'account' && strings.account === undefined)
    throw new InputsError(`${action} needs --account (the account's id, or its fields: id=…,login=…, a JSON file, or a line of \`run importUsers --ndjson\`)`);
  const accepted: Record<ActionKind, string[]> = { import: [], create: ['person'], account: ['account'], custom: ['vars', 'person', 'account'] };
  for (const flag of ['person', 'account', 'vars']) {
    if (strings[flag] !== undefined && !accepted[kind].includes(flag)) throw new InputsError(`--${flag} does not apply to ${action}`);
  }
}
