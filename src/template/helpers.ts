/**
 * The helpers every connector template may call, in one place: the runtime registers exactly
 * these, and the validator accepts exactly these names (the spec format documents them).
 */

/** Handlebars passes its options object as the last argument of every helper. */
function dropOptions(args: unknown[]): unknown[] {
  return args.slice(0, -1);
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** JSON text of a value; undefined, functions and symbols become null. */
export function encodeJsonValue(value: unknown): string {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return 'null';
  return JSON.stringify(value) ?? 'null';
}

export const TEMPLATE_HELPERS = {
  eq: (...args: unknown[]) => {
    const [a, b] = dropOptions(args);
    return a === b;
  },
  concat: (...args: unknown[]) =>
    dropOptions(args)
      .map((part) => (isEmpty(part) ? '' : String(part)))
      .join(''),
  default: (...args: unknown[]) => dropOptions(args).find((part) => !isEmpty(part)),
  lower: (...args: unknown[]) => {
    const [value] = dropOptions(args);
    return typeof value === 'string' ? value.toLowerCase() : value;
  },
  upper: (...args: unknown[]) => {
    const [value] = dropOptions(args);
    return typeof value === 'string' ? value.toUpperCase() : value;
  },
  /** The part of an email address before its last `@` (Microsoft Graph's `mailNickname`). */
  localPart: (...args: unknown[]) => {
    const [value] = dropOptions(args);
    return typeof value === 'string' && value.includes('@') ? value.slice(0, value.lastIndexOf('@')) : value;
  },
  /** The first `max` characters (code points) of a string, trimmed: vendors cap name lengths (Okta: 50). */
  truncate: (...args: unknown[]) => {
    const [value, max] = dropOptions(args);
    if (typeof value !== 'string' || typeof max !== 'number') return value;
    return [...value].slice(0, Math.max(0, max)).join('').trim();
  },
  /** The first word of a name (a given name when the person has none of their own). */
  firstWord: (...args: unknown[]) => {
    const [value] = dropOptions(args);
    return typeof value === 'string' ? (value.trim().split(/\s+/u)[0] ?? '') : value;
  },
  /** A name after its first word (a family name when the person has none); empty for one word. */
  restWords: (...args: unknown[]) => {
    const [value] = dropOptions(args);
    return typeof value === 'string' ? value.trim().split(/\s+/u).slice(1).join(' ') : value;
  },
} satisfies Record<string, (...args: unknown[]) => unknown>;

/** Names of the helpers a template may call, for the validator and its hints. */
export const TEMPLATE_HELPER_NAMES = Object.keys(TEMPLATE_HELPERS) as ReadonlyArray<keyof typeof TEMPLATE_HELPERS>;

/** Handlebars' own block helpers that templates may use. */
export const BLOCK_HELPER_NAMES = ['if', 'unless', 'each', 'with'] as const;

/** Internal: the JSON-body rewrite (compile.ts) turns every `{{expr}}` into `{{__json expr}}`. */
export const JSON_HELPER = '__json';

export function jsonHelper(...args: unknown[]): string {
  return encodeJsonValue(dropOptions(args)[0]);
}
