/** Rule: custom actions need the Business plan (docs/contributors/product-rules.md, "Limits" 2). */
import type { Diagnostic } from '../diagnostic.js';
import { report, type RuleContext } from './rule.js';
import { listActions } from './spec-walk.js';

export function checkCustomActionPlan(context: RuleContext): Diagnostic[] {
  return listActions(context.spec)
    .filter((action) => action.kind === 'custom' && action.action.plan !== undefined && action.action.plan !== 'business')
    .map((action) =>
      report(context, {
        code: 'SPEC_CUSTOM_ACTION_PLAN',
        pointer: `${action.pointer}/plan`,
        at: 'value',
        message: `custom action ${action.name} has plan '${String(action.action.plan)}', but custom actions need the Business plan`,
        hint: 'write `plan: business`, or leave plan out (custom actions default to business)',
      }),
    );
}
