/** Rule: a write action's `result` is mapped with the importUsers mapping, which must then exist. */
import type { Diagnostic } from '../diagnostic.js';
import { report, type RuleContext } from './rule.js';
import { isObject, listActions } from './spec-walk.js';

export function checkResultMapping(context: RuleContext): Diagnostic[] {
  const actions = isObject(context.spec.actions) ? (context.spec.actions as Record<string, unknown>) : {};
  if (isObject(actions.importUsers)) return [];
  return listActions(context.spec)
    .filter((action) => action.kind !== 'custom' && action.kind !== 'importUsers' && typeof action.action.result === 'string')
    .map((action) =>
      report(context, {
        code: 'SPEC_RESULT_WITHOUT_MAPPING',
        pointer: `${action.pointer}/result`,
        message: `${action.name}.result needs the importUsers mapping to turn the record into an account, and the spec has no importUsers`,
        hint: 'define actions.importUsers with a mapping, or remove result',
      }),
    );
}
