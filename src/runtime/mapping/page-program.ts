/**
 * Decoding the page program's output. The program itself is built in src/plan/page-program.ts,
 * shared with the compiler, which stores its parsed tree in generated modules.
 */
export { buildPageProgram, pathExists, resultRecordsPath, ROWS_KEY, type PageProgramInput } from '../../plan/page-program.js';

/** A decoded cell: the value (undefined when there was no output), or the error message. */
export type Cell = { value: unknown } | { error: string };

export function decodeCell(raw: unknown): Cell {
  if (Array.isArray(raw)) return { value: raw[0] };
  if (raw !== null && typeof raw === 'object' && '__error' in raw) {
    const message = (raw as { __error: unknown }).__error;
    return { error: typeof message === 'string' ? message : JSON.stringify(message) };
  }
  return { value: undefined };
}
