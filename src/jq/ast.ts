/**
 * The parsed form of a jq program. Every node keeps `start`, its 0-based offset in the
 * expression, so compile-time refusals can point at the construct. Plain JSON data (absent parts
 * are optional fields, never required `undefined`s), so `connector compile` can store an AST in a
 * generated module.
 */

export type Pattern =
  | { type: 'VarPattern'; name: string; start: number }
  | { type: 'ArrayPattern'; elements: Pattern[]; start: number }
  | { type: 'ObjectPattern'; entries: ObjectPatternEntry[]; start: number };

/** `{$name}`, `{key: pattern}`, `{$name: pattern}`, `{"k\(x)": pattern}`, `{(expr): pattern}`. */
export interface ObjectPatternEntry {
  key: Node;
  /** Set for `$name` keys: the value is also bound to this variable. */
  keyVar?: string;
  value?: Pattern;
}

export interface ObjectEntry {
  key: Node;
  value: Node;
}

export type StringPart = string | Node;

export type Node =
  | { type: 'Identity'; start: number }
  | { type: 'RecurseAll'; start: number }
  | { type: 'Index'; target: Node; index: Node; start: number }
  | { type: 'Slice'; target: Node; from?: Node; to?: Node; start: number }
  | { type: 'Iterate'; target: Node; start: number }
  | { type: 'Try'; body: Node; handler?: Node; start: number }
  | { type: 'Literal'; value: unknown; start: number }
  | { type: 'Str'; parts: StringPart[]; format?: string; start: number }
  | { type: 'Format'; name: string; start: number }
  | { type: 'Array'; body?: Node; start: number }
  | { type: 'Object'; entries: ObjectEntry[]; start: number }
  | { type: 'Neg'; body: Node; start: number }
  | { type: 'Pipe'; left: Node; right: Node; start: number }
  | { type: 'Comma'; left: Node; right: Node; start: number }
  | { type: 'Binary'; op: BinaryOp; left: Node; right: Node; start: number }
  | { type: 'And'; left: Node; right: Node; start: number }
  | { type: 'Or'; left: Node; right: Node; start: number }
  | { type: 'Alt'; left: Node; right: Node; start: number }
  | { type: 'Assign'; op: AssignOp; left: Node; right: Node; start: number }
  | { type: 'If'; cond: Node; then: Node; otherwise?: Node; start: number }
  | { type: 'Reduce'; source: Node; pattern: Pattern; init: Node; update: Node; start: number }
  | {
      type: 'Foreach';
      source: Node;
      pattern: Pattern;
      init: Node;
      update: Node;
      extract?: Node;
      start: number;
    }
  | { type: 'Bind'; source: Node; patterns: Pattern[]; body: Node; start: number }
  | { type: 'Label'; name: string; body: Node; start: number }
  | { type: 'Break'; name: string; start: number }
  | { type: 'FuncDef'; name: string; params: string[]; body: Node; rest: Node; start: number }
  | { type: 'Call'; name: string; args: Node[]; start: number }
  | { type: 'Var'; name: string; start: number };

export type BinaryOp = '+' | '-' | '*' | '/' | '%' | '==' | '!=' | '<' | '<=' | '>' | '>=';
export type AssignOp = '=' | '|=' | '+=' | '-=' | '*=' | '/=' | '%=' | '//=';
