/**
 * Finds flow collections (`{ ... }`, `[ ... ]`) that are never closed. The yaml parser reports
 * one where it gives up, often the next key or the end of the file; the author needs the line
 * and column of the bracket that was opened. Reads yaml's concrete syntax tree, so brackets inside
 * quoted strings and comments are never counted.
 */
import { Parser } from 'yaml';

/** Offsets of the opening brackets of unclosed flow collections, in text order. */
export function findUnclosedFlowCollections(text: string): Array<{ offset: number; bracket: string }> {
  const found: Array<{ offset: number; bracket: string }> = [];
  const visit = (node: unknown, depth: number): void => {
    // The depth guard matches the parse stage's own: hostile nesting is reported elsewhere.
    if (node === null || typeof node !== 'object' || depth > 256) return;
    const token = node as {
      type?: string;
      start?: { offset: number; source: string };
      end?: Array<{ type: string }>;
      items?: unknown[];
      value?: unknown;
      key?: unknown;
    };
    if (token.type === 'flow-collection' && token.start) {
      const closing = token.start.source === '{' ? 'flow-map-end' : 'flow-seq-end';
      if (!(token.end ?? []).some((end) => end.type === closing)) found.push({ offset: token.start.offset, bracket: token.start.source });
    }
    for (const item of token.items ?? []) {
      const { key, value } = item as { key?: unknown; value?: unknown };
      visit(key, depth + 1);
      visit(value, depth + 1);
    }
    if (token.type === 'document' || token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') return;
    visit(token.value, depth + 1);
    visit(token.key, depth + 1);
  };
  for (const token of new Parser().parse(text)) visit(token.type === 'document' ? (token as { value?: unknown }).value : token, 0);
  return found.sort((a, b) => a.offset - b.offset);
}
