/**
 * The variables a custom action declares (`actions.custom.<name>.variables` of the spec: type,
 * required, description), as the console's, the API's and the CLI's provisioner action ask for
 * them, and their check before a run starts (issue 23 point 6): a missing required variable, a
 * value of the wrong type or a name the action does not declare refuses the start with
 * ACTION_VARIABLES_INVALID naming each, instead of a run that fails at the target.
 */
import type { ConnectorSpec } from '../../../generated/spec-types.js';
import { ServiceError } from '../service-error.js';

export type VariableType = 'string' | 'number' | 'boolean';
export type VariableValue = string | number | boolean;

export interface ActionVariable {
  name: string;
  /** The spec's description, else the name: what the form shows. */
  label: string;
  type: VariableType;
  required: boolean;
}

export interface VariableProblem {
  name: string;
  problem: string;
}

/** The variables an action declares, in the spec's order; none for a standard action. */
export function variablesOf(spec: ConnectorSpec, action: string): ActionVariable[] {
  const declared = Object.hasOwn(spec.actions.custom ?? {}, action) ? spec.actions.custom?.[action]?.variables : undefined;
  return Object.entries(declared ?? {}).map(([name, variable]) => ({
    name,
    label: variable.description?.trim() || name,
    type: variable.type ?? 'string',
    required: variable.required === true,
  }));
}

/**
 * One value as its declared type. Text is accepted for a number or a boolean (a form field, a CLI
 * `--var name=value`): `"12"` is 12, `"true"`/`"false"` a boolean; anything else is a problem.
 */
function typed(variable: ActionVariable, value: unknown): { value: VariableValue } | { problem: string } {
  if (variable.type === 'string') return typeof value === 'string' ? { value } : { problem: `must be text (${variable.label})` };
  if (variable.type === 'number') {
    const number = typeof value === 'string' ? Number(value) : value;
    return typeof number === 'number' && Number.isFinite(number) ? { value: number } : { problem: `must be a number (${variable.label})` };
  }
  if (value === true || value === 'true') return { value: true };
  if (value === false || value === 'false') return { value: false };
  return { problem: `must be true or false (${variable.label})` };
}

/** Checks the given values against the declared variables: the typed values, or every problem found. An empty text is not a value. */
export function checkVariables(
  declared: readonly ActionVariable[],
  given: Record<string, unknown>,
): { vars: Record<string, VariableValue>; problems: VariableProblem[] } {
  const vars: Record<string, VariableValue> = {};
  const problems: VariableProblem[] = [];
  for (const name of Object.keys(given)) {
    if (!declared.some((variable) => variable.name === name)) problems.push({ name, problem: 'is not a variable of this action' });
  }
  for (const variable of declared) {
    const value = given[variable.name];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      if (variable.required) problems.push({ name: variable.name, problem: `is required (${variable.label})` });
      continue;
    }
    const result = typed(variable, value);
    if ('problem' in result) problems.push({ name: variable.name, problem: result.problem });
    else vars[variable.name] = result.value;
  }
  return { vars, problems };
}

/** The typed values, or ACTION_VARIABLES_INVALID naming every problem. */
export function requireVariables(input: {
  action: string;
  declared: readonly ActionVariable[];
  given: Record<string, unknown>;
}): Record<string, VariableValue> {
  const { vars, problems } = checkVariables(input.declared, input.given);
  if (problems.length > 0) {
    throw new ServiceError(
      'ACTION_VARIABLES_INVALID',
      `the variables of ${input.action} are not complete: ${problems.map((item) => `${item.name} ${item.problem}`).join('; ')}`,
      {
        hint: `give vars: ${input.declared.map((variable) => `${variable.name} (${variable.type}${variable.required ? ', required' : ''})`).join(', ') || 'none'}`,
        failure: { variables: problems },
      },
    );
  }
  return vars;
}
