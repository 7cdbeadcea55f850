/** Words jq reserves: not usable as function names (but fine as object keys, fields and `$vars`). */
export const KEYWORDS = new Set([
  'def', 'if', 'then', 'elif', 'else', 'end', 'as', 'reduce', 'foreach', 'try', 'catch', 'label',
  'import', 'include', 'and', 'or', '__loc__',
]);
