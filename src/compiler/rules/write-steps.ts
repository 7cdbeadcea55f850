/**
 * Rule: a write action is one request (`method` and `path`) or a sequence of them (`steps`), never
 * both: a request field beside `steps` would be silently ignored. The schema cannot say this
 * readably (a oneOf reports every branch), so it lives here, with the author's mistake located.
 */
import type { Diagnostic } from '../diagnostic.js';
import { report, type RuleContext } from './rule.js';
import { listActions } from './spec-walk.js';

/** The fields of a write action that describe its one request; `steps` replaces all of them. */
const REQUEST_FIELDS = ['method', 'path', 'query', 'headers', 'body', 'contentType', 'success', 'idempotent', 'outcomes', 'absentOn'] as const;

export function checkWriteSteps(context: RuleContext): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const site of listActions(context.spec)) {
    if (site.kind === 'custom' || site.kind === 'importUsers') continue;
    if (site.action.steps !== undefined) {
      for (const field of REQUEST_FIELDS.filter((name) => site.action[name] !== undefined)) {
        diagnostics.push(
          report(context, {
            code: 'SPEC_STEPS_CONFLICT',
            pointer: `${site.pointer}/${field}`,
            message: `${site.name}: \`${field}\` is beside \`steps\`, where it would be ignored`,
            hint: `move \`${field}\` into the step it belongs to, or remove \`steps\``,
          }),
        );
      }
      continue;
    }
    for (const field of ['method', 'path'] as const) {
      if (site.action[field] !== undefined) continue;
      diagnostics.push(
        report(context, {
          code: 'SPEC_MISSING_FIELD',
          pointer: site.pointer,
          message: `${site.name} is missing the required field '${field}'`,
          hint:
            field === 'method'
              ? 'add `method: POST` (or GET, PUT, PATCH, DELETE), or `steps:` for a sequence of requests'
              : 'add `path: /users/{account.id}`, or `steps:` for a sequence of requests',
        }),
      );
    }
  }
  return diagnostics;
}
