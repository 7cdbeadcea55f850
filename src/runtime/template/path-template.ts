/**
 * Path templates: `/users/{account.id}`. Single-brace placeholders name any template variable;
 * each value is percent-encoded as ONE path segment, so `../admin` or `a/b?c#d` cannot change
 * the route, and an empty value fails instead of addressing the collection (`DELETE /users/`).
 */
import { ConnectorError } from '../errors.js';
import { encodePathSegment } from '../http/join-url.js';

const PLACEHOLDER = /\{([A-Za-z_$][\w$]*(?:\.[\w$]+)*)\}/gu;

/** Reads `a.b.c` from own properties only (never the prototype chain). */
export function readPath(variables: unknown, dotted: string): unknown {
  let current: unknown = variables;
  for (const key of dotted.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Names used by a path template, e.g. `['account.id']`. */
export function listPathPlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
}

/** Renders a path template; throws CONFIG naming the placeholder when a value is missing or empty. */
export function renderPath({ template, variables, action }: { template: string; variables: unknown; action: string }): string {
  return template.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = readPath(variables, name);
    if (value === undefined || value === null || value === '' || typeof value === 'object') {
      throw new ConnectorError('CONFIG', `${action}: path placeholder {${name}} has no value`, {
        action,
        hint: `Pass a value for ${name}; an empty path segment could address a whole collection.`,
      });
    }
    return encodePathSegment(String(value));
  });
}
