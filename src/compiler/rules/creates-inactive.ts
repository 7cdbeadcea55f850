/**
 * Rule: `createsInactive` says how Create User makes an account the person cannot use until
 * Activate User runs (an onboarding with an activation time needs it). It belongs to createUser
 * alone, and `whenAsked` must be carried by the request: a template of createUser uses
 * `create.active` or `create.inactive`, else the declaration would promise what is never sent.
 */
import type { Diagnostic } from '../diagnostic.js';
import { analyzeTemplate } from '../../template/analyze.js';
import { report, type RuleContext } from './rule.js';
import { listActions, listRequestSites, stringEntries } from './spec-walk.js';

function usesCreate(text: string, isBody: boolean): boolean {
  const analysis = analyzeTemplate(text, isBody ? 'json' : 'plain');
  return analysis.references.some((reference) => reference.parts[0] === 'create');
}

export function checkCreatesInactive(context: RuleContext): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const site of listActions(context.spec)) {
    if (site.action.createsInactive === undefined) continue;
    if (site.kind !== 'createUser') {
      diagnostics.push(
        report(context, {
          code: 'SPEC_CREATES_INACTIVE',
          pointer: `${site.pointer}/createsInactive`,
          message: `${site.name}: \`createsInactive\` belongs to createUser, which makes the account`,
          hint: 'move it to createUser, or remove it',
        }),
      );
      continue;
    }
    if (site.action.createsInactive !== 'whenAsked') continue;
    const requests = listRequestSites(context.spec).filter((request) => request.kind === 'createUser');
    const carried = requests.some(
      (request) =>
        (typeof request.action.path === 'string' && request.action.path.includes('{create.')) ||
        (typeof request.action.body === 'string' && usesCreate(request.action.body, true)) ||
        [...stringEntries(request.action.query), ...stringEntries(request.action.headers)].some(([, text]) => usesCreate(text, false)),
    );
    if (!carried) {
      diagnostics.push(
        report(context, {
          code: 'SPEC_CREATES_INACTIVE',
          pointer: `${site.pointer}/createsInactive`,
          message: 'createUser declares `createsInactive: whenAsked`, but none of its templates uses create.active or create.inactive',
          hint: 'send the wish in the request, e.g. `"active": {{create.active}}` in the body, or declare `always` if the target creates every account inactive',
        }),
      );
    }
  }
  return diagnostics;
}
