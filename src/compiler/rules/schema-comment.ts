/** Rule: a spec file starts with the yaml-language-server comment, so editors complete and check it. */
import type { Diagnostic } from '../diagnostic.js';
import type { RuleContext } from './rule.js';

export function checkSchemaComment(context: RuleContext): Diagnostic[] {
  if (context.file === '<runtime>' || /^#\s*yaml-language-server:\s*\$schema=/u.test(context.text)) return [];
  return [
    {
      code: 'SPEC_SCHEMA_COMMENT_MISSING',
      severity: 'warning',
      file: context.file,
      line: 1,
      column: 1,
      pointer: '',
      message: 'the spec does not start with the yaml-language-server $schema comment',
      hint: 'add `# yaml-language-server: $schema=../../schema/connector-spec.schema.json` as the first line (path relative to the spec)',
    },
  ];
}
