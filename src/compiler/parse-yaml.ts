/**
 * Stage 2, parse: YAML text to a plain value plus a source map. The `yaml` Document is kept so any
 * JSON pointer maps back to line:column. Hostile input (deep nesting, alias bombs, duplicate keys)
 * becomes diagnostics; nothing here throws.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { joinPointer, type Diagnostic } from './diagnostic.js';
import { createSourceMap, type SourceMap } from './source-map.js';
import { findUnclosedFlowCollections } from './unclosed-flow.js';

/** Deeper than any real spec; guards the recursive stages after this one. */
export const MAX_DEPTH = 64;
/** YAML aliases a spec may expand; guards against "billion laughs" documents. */
export const MAX_ALIAS_COUNT = 100;

export interface ParsedSpec {
  /** The document as plain data; undefined when the YAML could not be read. */
  value?: unknown;
  sourceMap?: SourceMap;
  diagnostics: Diagnostic[];
}

const SYNTAX_HINT = "check the quotes, colons and brackets here; quote a value that contains ': ' or starts with {, [, *, &, !, | or >";
const INDENT_HINT = 'indent with spaces only, and start every key of one mapping at the same column';

/** The deepest bracket nesting and its offset, scanned before parsing so a 1 MB `[[[[` never reaches the parser. */
function measureFlowDepth(text: string): { depth: number; offset: number } {
  let depth = 0;
  let deepest = { depth: 0, offset: 0 };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '[' || c === '{') {
      depth++;
      if (depth > deepest.depth) deepest = { depth, offset: i };
    } else if ((c === ']' || c === '}') && depth > 0) depth--;
  }
  return deepest;
}

function tooDeep(file: string, position: { line: number; column: number }): Diagnostic {
  return {
    code: 'SPEC_YAML_TOO_DEEP',
    severity: 'error',
    file,
    ...position,
    pointer: '',
    message: `the YAML is nested more than ${MAX_DEPTH} levels deep`,
    hint: 'a spec nests a few levels (actions > importUsers > mapping); flatten this structure',
  };
}

export function parseSpecYaml(input: { text: string; file: string }): ParsedSpec {
  const { text, file } = input;
  const lineCounter = new LineCounter();
  const flow = measureFlowDepth(text);
  if (flow.depth > MAX_DEPTH * 4) {
    // Count lines directly: the LineCounter is only filled by the parser.
    const before = text.slice(0, flow.offset);
    const line = before.split('\n').length;
    return { diagnostics: [tooDeep(file, { line, column: flow.offset - before.lastIndexOf('\n') })] };
  }
  const doc = parseDocument(text, { lineCounter, merge: true, uniqueKeys: false, prettyErrors: false });
  const sourceMap = createSourceMap({ doc, lineCounter, text });
  const position = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  const syntax = collectYamlErrors({ doc, text, file, position });
  if (syntax.length > 0) return { sourceMap, diagnostics: syntax };

  const structural = checkStructure({ doc, file, position });
  if (structural.some((d) => d.code === 'SPEC_YAML_TOO_DEEP')) return { sourceMap, diagnostics: structural };
  try {
    const value: unknown = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    if (value === null || value === undefined) {
      return {
        sourceMap,
        diagnostics: [
          {
            code: 'SPEC_EMPTY_FILE',
            severity: 'error',
            file,
            line: 1,
            column: 1,
            pointer: '',
            message: 'the spec is empty',
            hint: 'start from `connector new <id> --type custom`, which writes a spec that validates',
          },
        ],
      };
    }
    return { value, sourceMap, diagnostics: structural };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      sourceMap,
      diagnostics: [
        ...structural,
        {
          code: 'SPEC_YAML_ALIAS_LIMIT',
          severity: 'error',
          file,
          line: 1,
          column: 1,
          pointer: '',
          message: `the YAML expands too many aliases (${message.split('\n')[0]})`,
          hint: `use at most ${MAX_ALIAS_COUNT} alias expansions (*name); write repeated parts out instead`,
        },
      ],
    };
  }
}

function collectYamlErrors(input: { doc: Document; text: string; file: string; position: (offset: number) => { line: number; column: number } }): Diagnostic[] {
  const seen = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  if (input.doc.errors.length === 0) return diagnostics;
  // An unclosed { or [ is the cause of every error the parser reports after it: report the bracket.
  const [unclosed] = findUnclosedFlowCollections(input.text);
  if (unclosed) {
    const closing = unclosed.bracket === '{' ? '}' : ']';
    diagnostics.push({
      code: 'SPEC_YAML_SYNTAX',
      severity: 'error',
      file: input.file,
      ...input.position(unclosed.offset),
      pointer: '',
      message: `YAML: this ${unclosed.bracket} is never closed`,
      hint: `close it with ${closing} after its last item, or write the value as an indented block instead`,
    });
  }
  for (const error of input.doc.errors) {
    if (unclosed && error.pos[0] > unclosed.offset) continue;
    const code =
      error.code === 'RESOURCE_EXHAUSTION'
        ? 'SPEC_YAML_TOO_DEEP'
        : error.code === 'BAD_INDENT' || error.code === 'TAB_AS_INDENT'
          ? 'SPEC_YAML_INDENT'
          : 'SPEC_YAML_SYNTAX';
    const where = /Missing closing ["']quote/u.test(error.message)
      ? (openingQuote(input.text, error.pos[0]) ?? input.position(error.pos[0]))
      : input.position(error.pos[0]);
    const key = `${code}:${where.line}:${where.column}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (code === 'SPEC_YAML_TOO_DEEP') return [tooDeep(input.file, where)];
    const message = error.message.split('\n')[0] ?? 'invalid YAML';
    diagnostics.push({
      code,
      severity: 'error',
      file: input.file,
      ...where,
      pointer: '',
      message: `YAML: ${message}`,
      hint: code === 'SPEC_YAML_INDENT' ? INDENT_HINT : SYNTAX_HINT,
    });
    if (diagnostics.length >= 10) break;
  }
  return diagnostics;
}

/** Finds duplicate keys (YAML says the last one silently wins) and nesting deeper than MAX_DEPTH. */
function checkStructure(input: { doc: Document; file: string; position: (offset: number) => { line: number; column: number } }): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const visit = (node: Node | null | undefined, path: string[], depth: number): boolean => {
    if (depth > MAX_DEPTH) {
      diagnostics.push(tooDeep(input.file, input.position(node?.range?.[0] ?? 0)));
      return false;
    }
    if (isMap(node)) {
      const firstLine = new Map<string, number>();
      for (const pair of node.items) {
        if (!isPair(pair) || !isScalar(pair.key)) continue;
        const name = String(pair.key.value);
        const where = input.position(pair.key.range?.[0] ?? 0);
        const earlier = firstLine.get(name);
        if (earlier !== undefined && name !== '<<') diagnostics.push(duplicateKey({ file: input.file, path, name, where, earlier }));
        else firstLine.set(name, where.line);
        if (!visit(pair.value as Node | null, [...path, name], depth + 1)) return false;
      }
    } else if (isSeq(node)) {
      for (const [index, item] of node.items.entries()) {
        if (!visit(item as Node, [...path, String(index)], depth + 1)) return false;
      }
    }
    return true;
  };
  visit(input.doc.contents as Node | null, [], 0);
  return diagnostics;
}

function duplicateKey(input: { file: string; path: string[]; name: string; where: { line: number; column: number }; earlier: number }): Diagnostic {
  const { path, name, earlier } = input;
  const parent = path.join('.');
  const what =
    parent === 'actions.custom'
      ? `custom action '${name}' is defined twice`
      : parent === 'inputs'
        ? `input '${name}' is declared twice`
        : parent === 'lookups'
          ? `lookup '${name}' is defined twice`
          : `key '${name}' appears twice${parent ? ` in ${parent}` : ' at the top level'}`;
  return {
    code: 'SPEC_DUPLICATE_KEY',
    severity: 'error',
    file: input.file,
    ...input.where,
    pointer: joinPointer([...path, name]),
    message: `${what} (first at line ${earlier}); YAML would silently keep only the last one`,
    hint: `rename one of them or merge the two definitions into one`,
  };
}

/**
 * yaml reports an unterminated quote where the file ends; the author needs the line where the
 * quote was opened: the last line before that point with an odd number of that quote character.
 */
function openingQuote(text: string, end: number): { line: number; column: number } | undefined {
  const lines = text.slice(0, end).split('\n');
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index]!;
    for (const quote of ['"', "'"]) {
      const count = line.split(quote).length - 1;
      if (count % 2 === 1) return { line: index + 1, column: line.indexOf(quote) + 1 };
    }
  }
  return undefined;
}
