/**
 * The spec line a diagnostic names, with a caret under its column: what the CLI prints under a
 * human diagnostic and the console shows beside one. Here, beside the diagnostics it reads, so
 * both front ends use it without one importing the other.
 */
import type { Diagnostic } from './diagnostic.js';

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
