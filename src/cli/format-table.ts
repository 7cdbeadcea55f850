/**
 * Human-readable tables for the terminal: column widths from the content, long cells truncated with
 * an ellipsis, colour only on a TTY (and never with NO_COLOR).
 *
 * Cells hold data from the target application, which the operator does not control: control
 * characters are replaced so a crafted name cannot move the cursor or rewrite the terminal.
 */
import { displayWidth, truncateToWidth } from './display-width.js';

export interface TableColumn {
  header: string;
  /** Widest the column may get before cells are truncated. */
  maxWidth?: number;
  /** `warning` colours non-empty cells (the problems column). */
  tone?: 'warning';
}

export interface TableOptions {
  columns: TableColumn[];
  rows: unknown[][];
  color: boolean;
  /** Terminal width; wide tables shrink their widest columns to fit. */
  terminalWidth?: number;
  /** false: never cut a cell (output to a file or a pipe, where nothing should be lost). Default true. */
  truncate?: boolean;
}

const DEFAULT_MAX_WIDTH = 40;
const MIN_WIDTH = 6;
const GAP = '  ';

/** Whether to colour output written to a stream (https://no-color.org, FORCE_COLOR). */
export function shouldUseColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

/**
 * Replaces C0/C1 control characters (escape sequences, newlines, tabs) with visible stand-ins, and
 * drops bidi embeddings, overrides and isolates: a U+202E in a name reverses the rest of the row on
 * screen (the "Trojan Source" trick), so a table could show another id than the one imported.
 */
export function sanitizeText(text: string): string {
  return (
    text
      .replace(/\r\n|\n|\r|\u2028|\u2029/g, '⏎')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, '�')
      .replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
  );
}

/** sanitizeText for text of several lines: every line break is kept, everything else neutralised. */
export function sanitizeLines(text: string): string {
  return text.split('\n').map(sanitizeText).join('\n');
}

/** Text of one cell: strings as they are, other values as JSON, missing as empty. */
export function formatCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return sanitizeText(value);
  return sanitizeText(JSON.stringify(value) ?? String(value));
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(width - displayWidth(text), 0));
}

function columnWidths(options: TableOptions, cells: string[][]): number[] {
  const widths = options.columns.map((column, index) => {
    // A loop, not Math.max(...cells): spreading an import of 150,000 accounts overflows the stack.
    let content = displayWidth(column.header);
    for (const row of cells) content = Math.max(content, displayWidth(row[index] ?? ''));
    return options.truncate === false ? content : Math.min(content, column.maxWidth ?? DEFAULT_MAX_WIDTH);
  });
  if (options.terminalWidth === undefined || options.truncate === false) return widths;
  // Shrink the widest column one character at a time until the table fits (or nothing can shrink).
  const total = (): number => widths.reduce((sum, width) => sum + width, 0) + GAP.length * (widths.length - 1);
  while (total() > options.terminalWidth) {
    const widest = widths.indexOf(Math.max(...widths));
    if ((widths[widest] ?? 0) <= MIN_WIDTH) break;
    widths[widest] = (widths[widest] ?? 0) - 1;
  }
  return widths;
}

function paint(text: string, code: string, color: boolean): string {
  return color && text.trim() !== '' ? `\u001b[${code}m${text}\u001b[0m` : text;
}

/** Formats rows as an aligned table with a header line; ends with a newline. */
export function formatTable(options: TableOptions): string {
  const cells = options.rows.map((row) => options.columns.map((_, index) => formatCell(row[index])));
  const widths = columnWidths(options, cells);
  const render = (row: string[], header: boolean): string =>
    row
      .map((cell, index) => {
        const width = widths[index] ?? 0;
        const last = index === row.length - 1;
        const text = truncateToWidth(cell, width);
        const shown = last ? text : pad(text, width);
        if (header) return paint(shown, '1', options.color);
        return options.columns[index]?.tone === 'warning' ? paint(shown, '33', options.color) : shown;
      })
      .join(GAP)
      .trimEnd();
  const lines = [
    render(
      options.columns.map((column) => column.header),
      true,
    ),
    ...cells.map((row) => render(row, false)),
  ];
  return `${lines.join('\n')}\n`;
}

/** Formats one object as `key  value` lines (a created account, a result). */
export function formatKeyValues({ record, color }: { record: Record<string, unknown>; color: boolean }): string {
  const keys = Object.keys(record);
  const width = keys.reduce((widest, key) => Math.max(widest, displayWidth(sanitizeText(key))), 0);
  return keys.map((key) => `${paint(pad(sanitizeText(key), width), '1', color)}  ${formatCell(record[key])}\n`).join('');
}
