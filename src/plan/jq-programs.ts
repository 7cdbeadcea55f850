/**
 * Every jq program the runtime compiles for a lowered spec, by exact text: the page program of
 * each list the import reads, write results mapped with the import mapping, custom results,
 * outcome and error rules, step conditions, lookup values. The compiler stores their parsed trees
 * in generated modules; the runtime's compile step (src/runtime/compile-connector.ts) asks for
 * exactly these texts, which a test checks against it for every shipped spec.
 */
import type { ConnectorSpec, ErrorHandling, ImportAction, OutcomeRule, WriteAction } from '../../generated/spec-types.js';
import { buildPageProgram, resultRecordsPath } from './page-program.js';
import { listPagingExpressions } from './paging-expressions.js';

/** A request's own rules: its error handling and its outcome conditions. */
function requestPrograms(request: { errors?: ErrorHandling | undefined; outcomes?: OutcomeRule[] | undefined }): string[] {
  return [...errorPrograms(request.errors), ...(request.outcomes ?? []).map((rule) => rule.when)];
}

function errorPrograms(handling: ErrorHandling | undefined): string[] {
  const rules = (handling?.rules ?? []).flatMap((rule) => (rule.when === undefined ? [] : [rule.when]));
  return handling?.message === undefined ? rules : [handling.message, ...rules];
}

/** One list of the import: its request's rules and its page program. */
function listPrograms(list: Pick<ImportAction, 'records' | 'mapping' | 'pagination'> & { errors?: ErrorHandling | undefined }): string[] {
  // Lower fills `records`; without it the runtime refuses the plan, so there is no page program to store.
  if (list.records === undefined) return requestPrograms(list);
  const page = buildPageProgram({ records: list.records, fields: Object.entries(list.mapping), extras: listPagingExpressions(list.pagination) });
  return [...requestPrograms(list), page];
}

/** A write action: its request's rules, or each step's (the action's errors apply to every step) with its condition. */
function writePrograms(action: WriteAction): string[] {
  if (!action.steps) return requestPrograms(action);
  return action.steps.flatMap((step) => [
    ...requestPrograms({ errors: action.errors, outcomes: step.outcomes }),
    ...(step.when === undefined ? [] : [step.when]),
  ]);
}

/** The distinct programs, in no particular order (the compiler sorts them). */
export function listJqPrograms(spec: ConnectorSpec): string[] {
  const programs = [...errorPrograms(spec.errors)];
  const { importUsers, custom = {}, ...writes } = spec.actions;
  if (importUsers) {
    programs.push(...listPrograms(importUsers));
    for (const list of importUsers.additionalLists ?? []) programs.push(...listPrograms(list));
  }
  for (const action of Object.values(writes) as Array<WriteAction | undefined>) {
    if (!action) continue;
    programs.push(...writePrograms(action));
    if (action.result !== undefined && importUsers) {
      programs.push(buildPageProgram({ records: resultRecordsPath(action.result), fields: Object.entries(importUsers.mapping) }));
    }
  }
  for (const action of Object.values(custom)) {
    programs.push(...requestPrograms(action));
    if (action.result !== undefined) programs.push(action.result);
  }
  for (const lookup of Object.values(spec.lookups ?? {})) programs.push(lookup.value);
  return [...new Set(programs)];
}
