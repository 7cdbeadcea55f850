/**
 * Maps JSON pointers of the parsed spec back to line:column in the YAML file, using the kept
 * `yaml` Document and its LineCounter. A pointer that leads through a merge key or past the end of
 * what exists resolves to the deepest node that does exist, so every diagnostic has a position.
 */
import { isMap, isPair, isScalar, isSeq, type Document, type LineCounter, type Node, type Scalar } from 'yaml';
import { splitPointer } from './diagnostic.js';

export interface Position {
  line: number;
  column: number;
}

export interface SourceMap {
  /** Position of the key (default) or the value at `pointer`. */
  locate(pointer: string, target?: 'key' | 'value'): Position;
  /** Position of a character inside the string value at `pointer` (for jq and template errors). */
  locateInValue(pointer: string, offset: number): Position;
}

interface Found {
  key?: Node;
  value?: Node;
}

function findNode(doc: Document, pointer: string): Found {
  let found: Found = { value: doc.contents ?? undefined };
  for (const segment of splitPointer(pointer)) {
    const current = found.value;
    if (isMap(current)) {
      // The last of duplicate keys, since that is the value YAML keeps.
      const pair = current.items.findLast((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === segment);
      if (!pair) break;
      found = { key: pair.key as Node, value: (pair.value as Node | null) ?? (pair.key as Node) };
    } else if (isSeq(current)) {
      const item = current.items[Number(segment)] as Node | undefined;
      if (!item) break;
      found = { value: item };
    } else {
      break;
    }
  }
  return found;
}

/** Builds the source map of one parsed document; `text` is the YAML it was parsed from. */
export function createSourceMap(input: { doc: Document; lineCounter: LineCounter; text: string }): SourceMap {
  const { doc, lineCounter, text } = input;
  const position = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  const locate = (pointer: string, target: 'key' | 'value' = 'key'): Position => {
    const found = findNode(doc, pointer);
    const node = target === 'key' ? (found.key ?? found.value) : (found.value ?? found.key);
    return node?.range ? position(node.range[0]) : { line: 1, column: 1 };
  };
  return {
    locate,
    locateInValue(pointer, offset) {
      const node = findNode(doc, pointer).value;
      if (!isScalar(node) || !node.range || typeof node.value !== 'string') return locate(pointer, 'value');
      return locateInScalar({ node, offset, position, lineStarts: lineCounter.lineStarts, text });
    },
  };
}

/**
 * Where character `offset` of a string scalar's value sits in the file. Exact for plain and quoted
 * scalars on one line (without escapes) and for block scalars, literal (`|`) and folded (`>`,
 * `>-`), with any chomping: the value is walked beside the source text (see alignBlockScalar).
 */
function locateInScalar(input: { node: Scalar; offset: number; position: (offset: number) => Position; lineStarts: number[]; text: string }): Position {
  const { node, position, lineStarts, text } = input;
  const start = node.range![0];
  const value = String(node.value);
  // An error at the end of the value points after its last character, not at the line break a block scalar keeps.
  const offset = Math.max(0, Math.min(input.offset, value.trimEnd().length));
  if (node.type === 'PLAIN') return position(start + offset);
  if (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') return position(start + 1 + offset);
  if (node.type !== 'BLOCK_LITERAL' && node.type !== 'BLOCK_FOLDED') return position(start);
  // The content starts on the line after the header (`|`, `>-`, ...).
  const contentStart = lineStarts[position(start).line];
  if (contentStart === undefined) return position(start);
  return position(alignBlockScalar({ value, offset, text, contentStart, end: node.range![1] }));
}

/**
 * The file offset of value character `offset` in a block scalar whose content lines start at
 * `contentStart`. Walks value and source together: indentation is skipped at each line start; a
 * line break the value folded into a space, and blank lines folding dropped, are stepped over.
 */
function alignBlockScalar(input: { value: string; offset: number; text: string; contentStart: number; end: number }): number {
  const { value, offset, text, contentStart, end } = input;
  let firstLine = contentStart;
  while (firstLine < end && text[firstLine] === '\n') firstLine++;
  let indent = 0;
  while (text[firstLine + indent] === ' ') indent++;
  let source = contentStart;
  const skipIndent = (): void => {
    for (let skipped = 0; skipped < indent && text[source] === ' '; skipped++) source++;
  };
  const step = (): void => {
    const wasBreak = text[source] === '\n';
    source++;
    if (wasBreak) skipIndent();
  };
  skipIndent();
  for (let at = 0; at < offset && source < end; at++) {
    const char = value[at];
    if (text[source] === char) step();
    else if (char === ' ' && text[source] === '\n')
      step(); // a line break folded into a space
    else {
      // Blank lines folding dropped (or `\r`): step over them to the character itself.
      while (source < end && text[source] !== char && /[\n\r ]/u.test(text[source] ?? '')) step();
      if (text[source] === char) step();
    }
  }
  return source;
}
