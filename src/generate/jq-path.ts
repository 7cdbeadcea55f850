/**
 * jq spelling of a path of object keys: `.` for the root, `.users`, `.data.users`, and keys that are
 * not jq identifiers quoted (`."user-list"`, `.profile.status.".tag"`), as jq's manual allows.
 */
const JQ_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/u;

/** One path step: `.name` or `."odd key"`. */
export function formatJqKey(key: string): string {
  return JQ_IDENTIFIER.test(key) ? `.${key}` : `.${JSON.stringify(key)}`;
}

/**
 * `optionalFrom`: steps from this index on get jq's `?` (`.gid.role?`), for paths under a key that
 * holds an object in some records and a string or number in others, where `.role` would fail.
 */
export function formatJqPath(path: readonly string[], optionalFrom = path.length): string {
  if (path.length === 0) return '.';
  return path.map((key, at) => `${formatJqKey(key)}${at >= optionalFrom ? '?' : ''}`).join('');
}

/** Keys compared without case, `_` or `-`: `user_id`, `userId` and `UserID` are the same key. */
export function normalizeKey(key: string): string {
  return key.toLowerCase().replace(/[_\-\s.]/gu, '');
}
