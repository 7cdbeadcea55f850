/**
 * Rule: `absentOn` (statuses alone) still works but proves too little: a wrong base URL or a
 * typo in an input also answers 404, and offboarding would report a leaver as removed. The
 * warning asks for an outcome rule that reads the target's own words.
 */
import type { Diagnostic } from '../diagnostic.js';
import { report, type RuleContext } from './rule.js';
import { listActions } from './spec-walk.js';

export function checkAbsentOnStatus(context: RuleContext): Diagnostic[] {
  return listActions(context.spec)
    .filter((site) => site.kind !== 'custom' && Array.isArray(site.action.absentOn))
    .map((site) =>
      report(context, {
        code: 'SPEC_ABSENT_ON_STATUS_ONLY',
        severity: 'warning',
        pointer: `${site.pointer}/absentOn`,
        message: `${site.name}: absentOn takes a status alone as proof that the account is gone; a wrong base URL or input answers 404 too`,
        hint: 'write `outcomes: [{ status: 404, when: <jq that recognises the target\'s "not found" body>, means: alreadyAbsent }]` instead',
      }),
    );
}
