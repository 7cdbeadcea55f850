/**
 * Builds the ONE jq program that maps a whole page: the records path, every field expression of
 * the mapping, and the few expressions pagination reads from the body (cursor, total, ...).
 * Running it once per page costs one engine call instead of one per record and field.
 *
 * Output: `{"r": <rows> | {"shape": <type>} | {"__error": msg}, "x": {<name>: <cell>}}` where a row
 * is one cell per mapping field and a cell is `[]` (no output), `[value]` (first output wins) or
 * `{"__error": msg}`, so a failing field is reported for its record without failing the page.
 *
 * Part of the connector plan both sides read: the compiler builds the program text to store its
 * parsed tree in a generated module, the runtime builds it to compile and run, and the two texts
 * must be identical for the stored tree to be found. It imports neither side.
 */

/** First output of `expression` as `[]` or `[v]`, or its error as `{"__error": msg}`. */
function cell(expression: string): string {
  // The newline ends a trailing `#` comment in the author's expression.
  return `(try [limit(1; (${expression}\n))] catch {"__error": (if type == "string" then . else tojson end)})`;
}

/**
 * Whether the path an expression names exists in the input (`true`/`false`), or `null` when the
 * expression is not a plain path. Tells "the key is absent" (often a typo) from "the key is null"
 * (the target saying there is no next page). Never fails: an unknown answer is null.
 */
export function pathExists(expression: string): string {
  return (
    `try (first(path(${expression}\n)) as $p | if ($p | length) == 0 then true ` +
    `else (getpath($p[:-1]) | if type == "object" or type == "array" then has($p[-1]) else false end) end) catch null`
  );
}

export interface PageProgramInput {
  /** jq locating the array of records (default `.`). */
  records: string;
  /** Mapping field name -> jq over one record; order is kept. */
  fields: ReadonlyArray<readonly [string, string]>;
  /** Named expressions over the whole body (pagination: cursor, total, more, ...). */
  extras?: ReadonlyArray<readonly [string, string]>;
}

/** The key of the page program's output that holds the rows (one per record). */
export const ROWS_KEY = 'r';

export function buildPageProgram({ records, fields, extras = [] }: PageProgramInput): string {
  const row = `[${fields.map(([, expression]) => cell(expression)).join(', ')}]`;
  const rows =
    `(${cell(records)} | if type == "object" then . ` +
    `elif length == 0 then {"shape": "no output"} ` +
    `elif (.[0] | type) != "array" then {"shape": (.[0] | type)} ` +
    `else [.[0][] | ${row}] end)`;
  const extraObject = extras.map(([name, expression]) => `${JSON.stringify(name)}: ${cell(expression)}`).join(', ');
  return `{${JSON.stringify(ROWS_KEY)}: ${rows}, "x": {${extraObject}}}`;
}

/**
 * The records path of a write action's `result` (the changed record, at most one), mapped with
 * the import's mapping by the same page program.
 */
export function resultRecordsPath(result: string): string {
  return `[limit(1; (${result}\n))]`;
}
