/**
 * Rule: a prebuilt spec lists in `supports` exactly the standard actions it defines, since only
 * supported actions are ever offered to operators (docs/contributors/product-rules.md, "Integration types").
 */
import { joinPointer, type Diagnostic } from '../diagnostic.js';
import { report, type RuleContext } from './rule.js';
import { STANDARD_ACTION_NAMES } from '../../../generated/spec-types.js';
import { isObject } from './spec-walk.js';

export function checkPrebuiltSupports(context: RuleContext): Diagnostic[] {
  const { spec } = context;
  if (spec.type !== 'prebuilt') return [];
  const actions = isObject(spec.actions) ? spec.actions : {};
  const defined = STANDARD_ACTION_NAMES.filter((name) => isObject((actions as Record<string, unknown>)[name]));
  if (!Array.isArray(spec.supports)) {
    return [
      report(context, {
        code: 'SPEC_PREBUILT_MISSING_SUPPORTS',
        pointer: '/type',
        message: 'a prebuilt spec must list the actions it supports',
        hint: `add \`supports: [${defined.join(', ')}]\``,
      }),
    ];
  }
  const supports = spec.supports.filter((name): name is (typeof STANDARD_ACTION_NAMES)[number] => typeof name === 'string');
  const diagnostics: Diagnostic[] = [];
  for (const name of defined) {
    if (!supports.includes(name)) {
      diagnostics.push(
        report(context, {
          code: 'SPEC_PREBUILT_UNSUPPORTED_ACTION',
          pointer: joinPointer(['actions', name]),
          message: `action ${name} is defined but not listed in supports, so it would never be offered`,
          hint: `add ${name} to supports if the application supports it, otherwise remove the action`,
        }),
      );
    }
  }
  supports.forEach((name, index) => {
    if (!defined.includes(name)) {
      diagnostics.push(
        report(context, {
          code: 'SPEC_PREBUILT_SUPPORTS_UNDEFINED',
          pointer: joinPointer(['supports', index]),
          at: 'value',
          message: `supports lists ${name}, but the spec does not define actions.${name}`,
          hint: `define actions.${name} or remove it from supports`,
        }),
      );
    }
  });
  return diagnostics;
}
