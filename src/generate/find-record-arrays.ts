/**
 * Every array reachable from the root of a response through object keys only. We do not descend
 * into arrays: an array nested in a record (`emails`, `contact_methods`) belongs to that record and
 * is never the list of users itself, and a records path must be a plain key path to be readable.
 */
export interface FoundArray {
  /** Object keys from the root; empty for a top-level array. */
  path: string[];
  items: unknown[];
}

const MAX_DEPTH = 6;

export function findRecordArrays(response: unknown): FoundArray[] {
  const found: FoundArray[] = [];
  const visit = (value: unknown, path: string[]): void => {
    if (Array.isArray(value)) {
      found.push({ path, items: value });
      return;
    }
    if (value === null || typeof value !== 'object' || path.length >= MAX_DEPTH) return;
    for (const [key, child] of Object.entries(value)) visit(child, [...path, key]);
  };
  visit(response, []);
  return found;
}

/** A short description of a JSON value's shape, for "what was seen" messages. */
export function describeShape(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    if (value.length === 0) return 'an empty array';
    const kinds = [...new Set(value.map((item) => describeKind(item)))];
    return `an array of ${value.length} ${kinds.join('/')}`;
  }
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    const shown = keys.slice(0, 8).join(', ');
    return keys.length === 0 ? 'an empty object' : `an object with keys ${shown}${keys.length > 8 ? ', ...' : ''}`;
  }
  return `a ${typeof value}`;
}

function describeKind(value: unknown): string {
  if (value === null) return 'nulls';
  if (Array.isArray(value)) return 'arrays';
  return typeof value === 'object' ? 'objects' : `${typeof value}s`;
}
