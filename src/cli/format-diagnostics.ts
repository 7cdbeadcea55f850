/**
 * Spec diagnostics for people and machines: human (file:line:column, source line with a caret,
 * hint, JSON pointer), json, and GitHub Actions annotations. The compiler only returns data.
 */
import type { Diagnostic } from '../compiler/diagnostic.js';
import { formatSourceLine } from '../compiler/source-line.js';

export { formatSourceLine };

export type DiagnosticFormat = 'human' | 'json' | 'github';
export const DIAGNOSTIC_FORMATS: readonly DiagnosticFormat[] = ['human', 'json', 'github'];

export interface FormatOptions {
  format?: DiagnosticFormat;
  /** Spec texts by file, to show the offending line in the human format. */
  sources?: ReadonlyMap<string, string>;
}

function formatHuman(diagnostic: Diagnostic, sources: ReadonlyMap<string, string> | undefined): string {
  const severity = diagnostic.severity === 'warning' ? ' (warning)' : '';
  const lines = [`${diagnostic.file}:${diagnostic.line}:${diagnostic.column}  ${diagnostic.code}${severity}  ${diagnostic.message.replace(/\s*\n\s*/gu, ' ')}`];
  const text = sources?.get(diagnostic.file);
  const context = text === undefined ? undefined : formatSourceLine(text, diagnostic);
  if (context !== undefined) lines.push(context);
  if (diagnostic.hint) lines.push(`  hint: ${diagnostic.hint}`);
  lines.push(`  at: ${diagnostic.pointer === '' ? '(document)' : diagnostic.pointer}`);
  return lines.join('\n');
}

/** GitHub workflow commands escape %, CR and LF in the message, and also : and , in properties. */
function escapeData(text: string): string {
  return text.replace(/%/gu, '%25').replace(/\r/gu, '%0D').replace(/\n/gu, '%0A');
}
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/gu, '%3A').replace(/,/gu, '%2C');
}

function formatGithub(diagnostic: Diagnostic): string {
  const command = diagnostic.severity === 'warning' ? 'warning' : 'error';
  const properties = `file=${escapeProperty(diagnostic.file)},line=${diagnostic.line},col=${diagnostic.column},title=${escapeProperty(diagnostic.code)}`;
  return `::${command} ${properties}::${escapeData(`${diagnostic.message} (hint: ${diagnostic.hint}; at ${diagnostic.pointer || '/'})`)}`;
}

export function formatDiagnostics(diagnostics: readonly Diagnostic[], options: FormatOptions = {}): string {
  const format = options.format ?? 'human';
  if (format === 'json') return `${JSON.stringify(diagnostics, null, 2)}\n`;
  if (diagnostics.length === 0) return '';
  if (format === 'github') return `${diagnostics.map(formatGithub).join('\n')}\n`;
  return `${diagnostics.map((d) => formatHuman(d, options.sources)).join('\n\n')}\n`;
}
