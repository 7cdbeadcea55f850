/**
 * Parses a template the one way the runtime renders it, for the runtime and the validator alike:
 * whatever one accepts, the other does. A JSON body puts `}` right after a mustache
 * (`{"a": {{x}}}`), which Handlebars would lex as the close of a triple-stash; an empty comment
 * `{{!}}` is put between them, and offsets are mapped back to the author's text.
 */
import Handlebars from 'handlebars';

/** `json`: a request body (values inserted JSON-encoded); `plain`: a query or header value. */
export type TemplateKind = 'json' | 'plain';

export interface ParsedTemplate {
  ast: hbs.AST.Program;
  /** The text Handlebars parsed (the author's, with the separators of a JSON body). */
  parsedText: string;
  /** An offset in `parsedText` as an offset in the author's text. */
  toSourceOffset(offset: number): number;
}

export class TemplateSyntaxError extends Error {
  override readonly name = 'TemplateSyntaxError';
  /** 0-based offset of the problem in the author's text. */
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

const SEPARATOR = '{{!}}';

/** Separators after each mustache directly followed by `}` (not inside a triple-stash). */
function separateClosingBraces(source: string): { text: string; insertedAt: number[] } {
  const insertedAt: number[] = [];
  const text = source.replace(/(?<!\{)\{\{(?!\{)[\s\S]*?\}\}(?=\})/gu, (mustache: string, offset: number) => {
    insertedAt.push(offset + mustache.length);
    return `${mustache}${SEPARATOR}`;
  });
  return { text, insertedAt };
}

function offsetMapper(insertedAt: readonly number[]): (offset: number) => number {
  return (offset) => {
    let shift = 0;
    for (const at of insertedAt) {
      const parsedAt = at + shift;
      if (offset < parsedAt) break;
      // Inside a separator: the author's text has the brace there.
      if (offset < parsedAt + SEPARATOR.length) return at;
      shift += SEPARATOR.length;
    }
    return offset - shift;
  };
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

/** Offset of a Handlebars position (1-based line, 0-based column) in `text`. */
export function positionToOffset(starts: readonly number[], position: { line: number; column: number }): number {
  return (starts[position.line - 1] ?? 0) + position.column;
}

export function parseTemplate(source: string, kind: TemplateKind): ParsedTemplate {
  const { text, insertedAt } = kind === 'json' ? separateClosingBraces(source) : { text: source, insertedAt: [] };
  const toSourceOffset = offsetMapper(insertedAt);
  try {
    return { ast: Handlebars.parse(text), parsedText: text, toSourceOffset };
  } catch (error) {
    const { message, offset } = describeParseError(error, text);
    throw new TemplateSyntaxError(message, toSourceOffset(offset));
  }
}

/**
 * Handlebars reports a grammar error as "Parse error on line N:" and a caret under a 20-character
 * excerpt of line N; an error about a node (a mismatched block) with the node's line and column.
 */
function describeParseError(error: unknown, text: string): { message: string; offset: number } {
  const starts = lineStarts(text);
  const raw = error instanceof Error ? error.message : String(error);
  // Errors about a node (`if doesn't match iff - 1:9`) carry its position instead of a caret.
  const at = error as { lineNumber?: unknown; column?: unknown };
  if (typeof at.lineNumber === 'number' && typeof at.column === 'number' && !raw.includes('\n')) {
    return { message: raw.replace(/ - \d+:\d+$/u, ''), offset: positionToOffset(starts, { line: at.lineNumber, column: at.column }) };
  }
  const lines = raw.split('\n');
  const lineMatch = /on line (\d+)/u.exec(raw);
  const line = lineMatch ? Number(lineMatch[1]) : 1;
  const caret = lines.findIndex((l) => /^-*\^$/u.test(l));
  const lineStart = starts[line - 1] ?? 0;
  const lineEnd = starts[line] !== undefined ? starts[line]! - 1 : text.length;
  const column = caret > 0 ? Math.min(lines[caret]!.length - 1, lineEnd - lineStart) : 0;
  const expecting = lines.find((l) => l.startsWith('Expecting')) ?? lines[0] ?? 'parse error';
  return { message: expecting.replace(/'/gu, '').replace(/^Expecting /u, 'expected '), offset: lineStart + column };
}

export { lineStarts };
