/**
 * Rule: every jq expression in the spec compiles (records, mapping, pagination, result, lookups,
 * error messages, error rule and outcome rule conditions, step conditions).
 */
import { joinPointer, type Diagnostic } from '../diagnostic.js';
import { report, type RuleContext } from './rule.js';
import { isObject, listRequestSites, stringEntries } from './spec-walk.js';

interface JqSite {
  pointer: string;
  expression: string;
}

function errorHandlingSites(value: unknown, path: Array<string | number>): JqSite[] {
  if (!isObject(value)) return [];
  const sites: JqSite[] = [];
  if (typeof value.message === 'string') sites.push({ pointer: joinPointer([...path, 'message']), expression: value.message });
  if (Array.isArray(value.rules)) {
    value.rules.forEach((rule, index) => {
      if (isObject(rule) && typeof rule.when === 'string') sites.push({ pointer: joinPointer([...path, 'rules', index, 'when']), expression: rule.when });
    });
  }
  return sites;
}

/** Every field of the spec that holds a jq expression. */
export function listJqSites(context: RuleContext): JqSite[] {
  const { spec } = context;
  const sites: JqSite[] = [...errorHandlingSites(spec.errors, ['errors'])];
  for (const [name, lookup] of Object.entries(isObject(spec.lookups) ? spec.lookups : {})) {
    if (isObject(lookup) && typeof lookup.value === 'string') sites.push({ pointer: joinPointer(['lookups', name, 'value']), expression: lookup.value });
  }
  for (const site of listRequestSites(spec)) {
    const { action, path } = site;
    for (const field of ['records', 'result', 'when']) {
      if (typeof action[field] === 'string') sites.push({ pointer: joinPointer([...path, field]), expression: action[field] });
    }
    for (const [field, expression] of stringEntries(action.mapping)) sites.push({ pointer: joinPointer([...path, 'mapping', field]), expression });
    for (const field of ['more', 'total', 'cursor', 'totalPages', 'next']) {
      const value = isObject(action.pagination) ? action.pagination[field] : undefined;
      if (typeof value === 'string') sites.push({ pointer: joinPointer([...path, 'pagination', field]), expression: value });
    }
    sites.push(...errorHandlingSites(action.errors, [...path, 'errors']));
    if (Array.isArray(action.outcomes)) {
      action.outcomes.forEach((rule: unknown, index: number) => {
        if (isObject(rule) && typeof rule.when === 'string') sites.push({ pointer: joinPointer([...path, 'outcomes', index, 'when']), expression: rule.when });
      });
    }
  }
  return sites;
}

export async function checkJqExpressions(context: RuleContext): Promise<Diagnostic[]> {
  const sites = listJqSites(context);
  const problems = await Promise.all(sites.map((site) => context.jq.check(site.expression, context.jqPolicy)));
  const diagnostics: Diagnostic[] = [];
  problems.forEach((problem, index) => {
    const site = sites[index]!;
    if (!problem) return;
    const field = fieldLabel(site.pointer);
    if (problem.kind === 'too-long') {
      diagnostics.push(
        report(context, {
          code: 'SPEC_JQ_TOO_LONG',
          pointer: site.pointer,
          at: 'value',
          message: `${field}: ${problem.message}`,
          hint: 'shorten the expression; a mapping field needs one short jq path like `.email // ""`',
        }),
      );
      return;
    }
    if (problem.kind === 'binary-fallback') {
      diagnostics.push(
        report(context, {
          code: 'SPEC_JQ_BINARY_FALLBACK',
          severity: 'warning',
          pointer: site.pointer,
          at: problem.offset === undefined ? 'value' : { offset: problem.offset },
          message: `${field}: the in-process jq engine does not support ${problem.construct}; this expression runs on the jq binary, one process per page, and fails where jq is not installed`,
          hint: 'rewrite it without that construct so it runs in-process (see the jq section of the README for what is supported)',
        }),
      );
      return;
    }
    const unsupported = problem.kind === 'unsupported';
    diagnostics.push(
      report(context, {
        code: unsupported ? 'SPEC_JQ_UNSUPPORTED' : 'SPEC_JQ_SYNTAX',
        pointer: site.pointer,
        at: problem.kind === 'syntax' && 'offset' in problem && problem.offset !== undefined ? { offset: problem.offset } : 'value',
        message: `${field}: the jq expression ${JSON.stringify(truncate(site.expression))} does not compile: ${problem.message}`,
        hint: unsupported
          ? 'rewrite it without that construct'
          : 'fix the jq syntax; quote the whole value in YAML when it contains ": " or starts with "." followed by a special character, e.g. \'.name // ""\'',
      }),
    );
  });
  return diagnostics;
}

/** `pagination.next`, `steps[1].when`, `outcomes[0].when`: the last named field and its parent. */
function fieldLabel(pointer: string): string {
  const segments = pointer.split('/');
  const [parent = '', index = '', leaf = ''] = segments.slice(-3);
  return /^\d+$/u.test(index) ? `${parent}[${index}].${leaf}` : segments.slice(-2).join('.');
}

function truncate(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
