/**
 * Whether a variable reference (`inputs.region`, `account.id`, `vars.assetTag`) exists for an action.
 * Shared by the template rules and the path placeholder rule, so both say the same thing.
 */
import type { ConnectorSpec } from '../../../generated/spec-types.js';
import { hintForName } from '../did-you-mean.js';
import { ACTOR_FIELDS, CREATE_FIELDS, declaredInputs, isObject, VARIABLES_BY_KIND, type ActionKind } from './spec-walk.js';

export interface VariableProblem {
  code: 'SPEC_TEMPLATE_UNKNOWN_VARIABLE' | 'SPEC_TEMPLATE_SECRET_INPUT';
  message: string;
  hint: string;
}

export interface VariableScope {
  spec: ConnectorSpec;
  kind: ActionKind | 'specHeaders';
  /** The action's own fields (custom actions declare `variables`). */
  action?: Record<string, unknown>;
  /** 'importUsers', 'custom action orderLaptop', 'spec headers' — for messages. */
  where: string;
}

export function checkVariable(parts: readonly string[], scope: VariableScope): VariableProblem | undefined {
  const roots = VARIABLES_BY_KIND[scope.kind];
  const [root, name] = parts;
  const written = parts.join('.');
  if (root === undefined) return undefined;
  if (!roots.includes(root)) {
    return {
      code: 'SPEC_TEMPLATE_UNKNOWN_VARIABLE',
      message: `'${written}' is not available in ${scope.where}; it has: ${roots.join(', ')}`,
      hint: scopeHint(root, roots),
    };
  }
  if (name === undefined) {
    return root === 'user' || root === 'account' || root === 'actor'
      ? undefined
      : { code: 'SPEC_TEMPLATE_UNKNOWN_VARIABLE', message: `'${root}' needs a name in ${scope.where}, e.g. '${root}.<name>'`, hint: `write ${root}.<name>` };
  }
  if (root === 'inputs') {
    const inputs = declaredInputs(scope.spec);
    const input = inputs.get(name);
    if (!input)
      return unknownName({
        written,
        scope,
        known: [...inputs].filter(([, i]) => !i.secret).map(([n]) => n),
        noun: 'inputs',
        declare: `declare it under \`inputs:\``,
      });
    if (input.secret) {
      return {
        code: 'SPEC_TEMPLATE_SECRET_INPUT',
        message: `'${written}' is a secret input; secrets are never template variables`,
        hint: 'send secrets through `auth` (bearer, basic, apiKey or oauth2), which keeps them out of logs',
      };
    }
  }
  if (root === 'lookups') {
    const known = Object.keys(isObject(scope.spec.lookups) ? scope.spec.lookups : {});
    if (!known.includes(name)) return unknownName({ written, scope, known, noun: 'lookups', declare: 'define it under `lookups:`' });
  }
  if (root === 'vars') {
    const known = Object.keys(isObject(scope.action?.variables) ? scope.action.variables : {});
    if (!known.includes(name)) return unknownName({ written, scope, known, noun: 'variables', declare: "declare it under the action's `variables:`" });
  }
  if (root === 'generated') {
    const known = Object.keys(isObject(scope.action?.generate) ? scope.action.generate : {});
    if (!known.includes(name)) return unknownName({ written, scope, known, noun: 'generated secrets', declare: "declare it under the action's `generate:`" });
  }
  if (root === 'create') {
    if (!(CREATE_FIELDS as readonly string[]).includes(name))
      return unknownName({ written, scope, known: [...CREATE_FIELDS], noun: 'create fields', declare: 'use create.active or create.inactive' });
    const createUser = isObject(scope.spec.actions) ? (scope.spec.actions as Record<string, unknown>).createUser : undefined;
    if (!isObject(createUser) || createUser.createsInactive !== 'whenAsked') {
      return {
        code: 'SPEC_TEMPLATE_UNKNOWN_VARIABLE',
        message: `'${written}' is only set when createUser declares \`createsInactive: whenAsked\``,
        hint: 'add `createsInactive: whenAsked` to createUser (the target creates an inactive account when the request asks), or remove the reference',
      };
    }
  }
  if (root === 'actor' && !(ACTOR_FIELDS as readonly string[]).includes(name)) {
    return unknownName({ written, scope, known: [...ACTOR_FIELDS], noun: 'actor fields', declare: 'use actor.email or actor.name' });
  }
  return undefined;
}

function unknownName(input: { written: string; scope: VariableScope; known: string[]; noun: string; declare: string }): VariableProblem {
  const name = input.written.split('.')[1] ?? '';
  const suggestion = hintForName(name, input.known, input.noun);
  return {
    code: 'SPEC_TEMPLATE_UNKNOWN_VARIABLE',
    message: `'${input.written}' is not defined in ${input.scope.where}`,
    hint: suggestion.startsWith('did you mean') ? suggestion.replace("'", `'${input.written.split('.')[0]}.`) : `${input.declare}, or ${suggestion}`,
  };
}

/** Why user/account are missing is the usual confusion, so say which one the action has. */
function scopeHint(root: string, roots: readonly string[]): string {
  if (root === 'account' && roots.includes('user')) return 'the account does not exist yet when a user is created: use user.<field>, e.g. user.email';
  if (root === 'user' && roots.includes('account'))
    return 'this action works on an existing account: use account.<field>, e.g. account.id (id, email, name or a mapped field)';
  if (root === 'user' || root === 'account') return `there is no ${root} here; use ${roots.join(' or ')}`;
  return hintForName(root, roots, 'variables');
}
