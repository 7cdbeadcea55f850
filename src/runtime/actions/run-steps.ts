/**
 * A write action of several requests (`steps`), sent in order. Each step's outcome rules decide
 * for that step: `alreadyAbsent` ends the action (the account is gone, nothing is left to do);
 * `alreadyDone` lets the next step go on. The action is `alreadyDone` only when every step sent
 * was. A step with `when` is sent only when its condition, over `{account, user, previous}`,
 * gives true. Every step is its own request: retried or not by its own method and `idempotent`.
 */
import type { CompiledStep, RuntimeConnector } from '../compile-connector.js';
import type { Connection } from '../connection.js';
import { ConnectorError } from '../errors.js';
import { executeRequest, type ExecuteResult } from '../execute-request.js';
import type { TemplateVariables } from '../render-request.js';
import { jqLimitExceeded } from '../jq-limit-error.js';

export interface StepsResult {
  /** The answer of the last step sent; undefined when every step was skipped. */
  last?: ExecuteResult;
  nothingToDo?: 'alreadyAbsent' | 'alreadyDone';
}

export async function runSteps(input: {
  connection: Connection;
  runtime: RuntimeConnector;
  steps: CompiledStep[];
  variables: TemplateVariables;
}): Promise<StepsResult> {
  const { connection, runtime, steps, variables } = input;
  let last: ExecuteResult | undefined;
  let allDone = true;
  for (const [index, step] of steps.entries()) {
    const previous = last?.isJson ? last.body : null;
    if (step.when && !(await conditionHolds(step, { account: variables.account ?? null, user: variables.user ?? null, previous }, index))) {
      connection.log(`${step.request.name}: step ${index + 1} skipped (its condition is false)`);
      continue;
    }
    last = await executeRequest({ connection, runtime, request: step.request, variables });
    if (last.nothingToDo === 'alreadyAbsent') return { last, nothingToDo: 'alreadyAbsent' };
    if (last.nothingToDo !== 'alreadyDone') allDone = false;
  }
  return allDone ? { ...(last ? { last } : {}), nothingToDo: 'alreadyDone' } : { ...(last ? { last } : {}) };
}

/** Whether a step is sent for this context (a step without `when` always is). */
export async function stepApplies(step: CompiledStep, context: object, index: number): Promise<boolean> {
  return !step.when || conditionHolds(step, context, index);
}

async function conditionHolds(step: CompiledStep, context: object, index: number): Promise<boolean> {
  const action = step.request.name;
  try {
    const [answer] = await (step.when as NonNullable<CompiledStep['when']>).run(context);
    return answer === true;
  } catch (error) {
    // A condition that fails says nothing; guessing either way could skip a needed request.
    throw (
      jqLimitExceeded(error, `the condition of step ${index + 1}`, { action }) ??
      new ConnectorError('MAPPING_FAILED', `${action}: the condition of step ${index + 1} failed: ${(error as Error).message}`, {
        action,
        hint: `Check actions.${action}.steps[${index}].when; it reads {account, user, previous}.`,
        cause: error,
      })
    );
  }
}
