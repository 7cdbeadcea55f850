/**
 * Rule: every `{x.y}` placeholder in an action or lookup path names a variable that action has.
 * Paths use single braces (each value is encoded as one path segment), never Handlebars.
 */
import { joinPointer, type Diagnostic } from '../diagnostic.js';
import { report, type RuleContext } from './rule.js';
import { isObject, listRequestSites, type ActionKind } from './spec-walk.js';
import { checkVariable, type VariableScope } from './variable-scope.js';

const PLACEHOLDER = /\{([^{}]*)\}/gu;

function checkPath(context: RuleContext, input: { pointer: string; path: string; scope: VariableScope }): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const { pointer, path, scope } = input;
  if (path.includes('{{')) {
    const offset = path.indexOf('{{');
    return [
      report(context, {
        code: 'SPEC_PATH_PLACEHOLDER_SYNTAX',
        pointer,
        at: { offset },
        message: `${scope.where} path uses a Handlebars {{...}} placeholder`,
        hint: 'paths use single braces, e.g. /users/{account.id}; each value is encoded as one path segment',
      }),
    ];
  }
  const stripped = path.replace(PLACEHOLDER, '');
  const stray = stripped.search(/[{}]/u);
  if (stray >= 0) {
    diagnostics.push(
      report(context, {
        code: 'SPEC_PATH_PLACEHOLDER_SYNTAX',
        pointer,
        at: 'value',
        message: `${scope.where} path has an unbalanced brace`,
        hint: 'write placeholders as {account.id}',
      }),
    );
  }
  for (const match of path.matchAll(PLACEHOLDER)) {
    const name = match[1]!.trim();
    const offset = match.index;
    if (!/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/u.test(name)) {
      diagnostics.push(
        report(context, {
          code: 'SPEC_PATH_PLACEHOLDER_SYNTAX',
          pointer,
          at: { offset },
          message: `placeholder '{${match[1]}}' in ${scope.where} path is not a variable name`,
          hint: 'write placeholders as {account.id} or {vars.assetTag}',
        }),
      );
      continue;
    }
    const problem = checkVariable(name.split('.'), scope);
    if (problem) {
      diagnostics.push(
        report(context, {
          code: problem.code === 'SPEC_TEMPLATE_SECRET_INPUT' ? problem.code : 'SPEC_PATH_PLACEHOLDER_UNDEFINED',
          pointer,
          at: { offset },
          message: `path placeholder {${name}}: ${problem.message}`,
          hint: problem.hint,
        }),
      );
    }
  }
  return diagnostics;
}

export function checkPathPlaceholders(context: RuleContext): Diagnostic[] {
  const { spec } = context;
  const diagnostics: Diagnostic[] = [];
  for (const action of listRequestSites(spec)) {
    if (typeof action.action.path !== 'string') continue;
    const where = action.kind === 'custom' ? `custom action ${action.name}` : action.name;
    const scope: VariableScope = { spec, kind: action.kind as ActionKind, action: action.action, where };
    diagnostics.push(...checkPath(context, { pointer: `${action.pointer}/path`, path: action.action.path, scope }));
  }
  for (const [name, lookup] of Object.entries(isObject(spec.lookups) ? spec.lookups : {})) {
    if (!isObject(lookup) || typeof lookup.path !== 'string') continue;
    const scope: VariableScope = { spec, kind: 'specHeaders', where: `lookup ${name}` };
    diagnostics.push(...checkPath(context, { pointer: joinPointer(['lookups', name, 'path']), path: lookup.path, scope }));
  }
  return diagnostics;
}
