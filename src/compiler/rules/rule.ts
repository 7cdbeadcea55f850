/**
 * What a semantic rule is: a function from the parsed spec (already schema-checked, but read
 * defensively, since rules also run on specs with schema errors) to diagnostics.
 */
import type { ConnectorSpec } from '../../../generated/spec-types.js';
import type { Diagnostic, Severity } from '../diagnostic.js';
import type { SourceMap } from '../source-map.js';
import type { JqChecker } from './jq-checker.js';
import type { JqPolicy } from '../../jq/index.js';

export interface RuleContext {
  spec: ConnectorSpec;
  file: string;
  text: string;
  sourceMap: SourceMap;
  jq: JqChecker;
  /** Who wrote the spec: whether a construct the in-process engine refuses may run on a jq binary. */
  jqPolicy: JqPolicy;
}

export type Rule = (context: RuleContext) => Diagnostic[] | Promise<Diagnostic[]>;

export interface Finding {
  code: string;
  pointer: string;
  message: string;
  hint: string;
  severity?: Severity;
  /** Point at the key (default), the value, or a character offset inside the string value. */
  at?: 'key' | 'value' | { offset: number };
}

/** A diagnostic located through the context's source map. */
export function report(context: RuleContext, finding: Finding): Diagnostic {
  const at = finding.at ?? 'key';
  const position = typeof at === 'object' ? context.sourceMap.locateInValue(finding.pointer, at.offset) : context.sourceMap.locate(finding.pointer, at);
  return {
    code: finding.code,
    severity: finding.severity ?? 'error',
    file: context.file,
    ...position,
    pointer: finding.pointer,
    message: finding.message,
    hint: finding.hint,
  };
}
