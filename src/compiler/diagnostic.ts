/**
 * Spec errors are data: every stage returns diagnostics, and only the public API boundary turns a
 * non-empty list into one thrown SpecValidationError.
 */

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  /** Stable SCREAMING_SNAKE code with the `SPEC_` prefix; callers and tests match on it. */
  code: string;
  severity: Severity;
  /** The spec file as given to the compiler (repository-relative path, or `<runtime>`). */
  file: string;
  /** 1-based line and column of the key or value the diagnostic is about. */
  line: number;
  column: number;
  /** JSON pointer into the spec (`''` for the whole document). */
  pointer: string;
  /** What is wrong, naming the field. */
  message: string;
  /** What to write instead. */
  hint: string;
}

/** Thrown by `compileSpecText` when a spec has errors; carries every diagnostic, not only the first. */
export class SpecValidationError extends Error {
  override readonly name = 'SpecValidationError';
  readonly diagnostics: Diagnostic[];

  constructor(diagnostics: Diagnostic[]) {
    const errors = diagnostics.filter((d) => d.severity === 'error');
    const first = errors[0] ?? diagnostics[0];
    const where = first ? `${first.file}:${first.line}:${first.column} ${first.code} ${first.message}` : 'invalid spec';
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    super(`${where}${more}`);
    this.diagnostics = diagnostics;
  }
}

/** Whether a list holds at least one error (warnings alone do not fail a spec). */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Code-unit order: unlike localeCompare it does not depend on the machine's locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Orders diagnostics by position so output reads top to bottom and is deterministic. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => compareText(a.file, b.file) || a.line - b.line || a.column - b.column || compareText(a.code, b.code));
}

/** Escapes one JSON pointer segment (RFC 6901 section 3). */
export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Splits a JSON pointer into its unescaped segments. */
export function splitPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Joins segments into a JSON pointer. */
export function joinPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${escapePointerSegment(String(s))}`).join('');
}
