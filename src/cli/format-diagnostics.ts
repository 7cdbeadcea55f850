/**
 * Spec diagnostics for people and machines: human (file:line:column, source line with a caret,
 * hint, JSON pointer), json, and GitHub Actions annotations. The compiler only returns data.
 */
import type { Diagnostic } from '../compiler/diagnostic.js';

export type DiagnosticFormat = 'human' | 'json' | 'github';
export const DIAGNOSTIC_FORMATS: readonly DiagnosticFormat[] = ['human', 'json', 'github'];

export interface FormatOptions {
  format?: DiagnosticFormat;
  /** Spec texts by file, to show the offending line in the human format. */
  sources?: ReadonlyMap<string, string>;
}

/** Long lines (minified YAML, a 100 KB jq expression) are cut around the column so output stays readable. */
function excerpt(line: string, column: number): { text: string; caret: number } {
  const width = 120;
  if (line.length <= width) return { text: line, caret: column - 1 };
  const start = Math.max(0, Math.min(column - 1 - width / 2, line.length - width));
  return { text: `${start > 0 ? '…' : ''}${line.slice(start, start + width)}…`, caret: column - 1 - start + (start > 0 ? 1 : 0) };
}

/**
 * The line a diagnostic names, numbered, with a caret under its column (plain text, two lines),
 * or undefined when the text has no such line. The console shows the same beside its diagnostics.
 */
export function formatSourceLine(text: string, at: Pick<Diagnostic, 'line' | 'column'>): string | undefined {
  const source = text.split('\n')[at.line - 1];
  if (source === undefined) return undefined;
  const number = String(at.line);
  const shown = excerpt(source.replace(/\t/gu, ' ').replace(/\r$/u, ''), at.column);
  return `  ${number} | ${shown.text}\n  ${' '.repeat(number.length)} | ${' '.repeat(Math.max(0, shown.caret))}^`;
}

function formatHuman(diagnostic: Diagnostic, sources: ReadonlyMap<string, string> | undefined): string {
  const severity = diagnostic.severity === 'warning' ? ' (warning)' : '';
  const lines = [`${diagnostic.file}:${diagnostic.line}:${diagnostic.column}  ${diagnostic.code}${severity}  ${diagnostic.message.replace(/\s*\n\s*/gu, " ")}`];
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
