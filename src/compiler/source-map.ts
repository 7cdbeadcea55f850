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
 * Where character `offset` of a string scalar's value sits in the file. Exact for plain, quoted
 * (without escapes) and block literal scalars; folded scalars fall back to the start of the value.
 */
function locateInScalar(input: {
  node: Scalar;
  offset: number;
  position: (offset: number) => Position;
  lineStarts: number[];
  text: string;
}): Position {
  const { node, position, lineStarts, text } = input;
  const start = node.range![0];
  const value = String(node.value);
  const offset = Math.max(0, Math.min(input.offset, value.length));
  if (node.type === 'PLAIN') return position(start + offset);
  if (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') return position(start + 1 + offset);
  if (node.type !== 'BLOCK_LITERAL') return position(start);
  const before = value.slice(0, offset).split('\n');
  const headerLine = position(start).line;
  // The content starts on the line after the `|` header; its indentation is that of its first line.
  const firstContent = lineStarts[headerLine];
  if (firstContent === undefined) return position(start);
  let indent = 0;
  while (text[firstContent + indent] === ' ') indent++;
  const lineInValue = before.length - 1;
  return { line: headerLine + 1 + lineInValue, column: indent + (before[lineInValue]?.length ?? 0) + 1 };
}
