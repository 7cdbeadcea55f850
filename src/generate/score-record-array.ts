/**
 * How much an array looks like a list of user records: objects that carry email-shaped values,
 * an id-like key and a name-like key, and a name such as `users` or `members`. Returns the score
 * with the evidence, or the reason the array cannot be a user list at all.
 */
import { isEmailShaped } from './email-shape.js';
import { normalizeKey } from './jq-path.js';

export interface ArrayScore {
  score: number;
  /** Evidence, e.g. "email-shaped values in 3/3". */
  evidence: string[];
  /** Set when the array cannot hold user records. */
  rejectedBecause?: string;
}

const SAMPLE = 25;
const ID_KEYS = new Set(['id', 'userid', 'uid', 'gid', 'accountid', 'teammemberid', 'memberid', 'uuid', 'guid', 'key', 'login']);
const NAME_KEYS = /^(name|displayname|fullname|realname|firstname|givenname|lastname|familyname|username|login)$/u;
const USER_ARRAY_NAMES = /^(users|members|resources|value|data|results|items|records|agents|people|accounts|employees|entries|list|elements|nodes)$/u;
const OTHER_ARRAY_NAMES = /^(links|roles|groups|teams|permissions|schemas|errors|warnings|scopes|tags|labels)$/u;

export function scoreRecordArray(path: readonly string[], items: readonly unknown[]): ArrayScore {
  if (items.length === 0) return { score: 0, evidence: [], rejectedBecause: 'empty array' };
  const sample = items.slice(0, SAMPLE);
  const objects = sample.filter(isPlainObject);
  if (objects.length < sample.length * 0.8) {
    return { score: 0, evidence: [], rejectedBecause: `items are not objects (${describeItems(sample)})` };
  }
  const withEmail = objects.filter((item) => hasEmail(item, 3)).length;
  const withId = objects.filter((item) => hasKey(item, (key) => ID_KEYS.has(key), 2)).length;
  const withName = objects.filter((item) => hasKey(item, (key) => NAME_KEYS.test(key), 3)).length;
  const n = objects.length;
  if (withEmail + withId + withName === 0) {
    return { score: 0, evidence: [], rejectedBecause: 'objects without email-shaped values, id-like keys or name keys' };
  }
  const evidence = [`${items.length} object${items.length === 1 ? '' : 's'}`];
  if (withEmail) evidence.push(`email-shaped values in ${withEmail}/${n}`);
  if (withId) evidence.push(`id-like key in ${withId}/${n}`);
  if (withName) evidence.push(`name key in ${withName}/${n}`);
  const last = normalizeKey(path.at(-1) ?? '');
  let score = (40 * withEmail + 30 * withId + 20 * withName) / n + Math.min(items.length, 50) / 5 - 2 * path.length;
  if (USER_ARRAY_NAMES.test(last)) score += 10;
  if (OTHER_ARRAY_NAMES.test(last)) score -= 15;
  return { score: Math.round(score * 10) / 10, evidence };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function hasEmail(value: unknown, depth: number): boolean {
  if (isEmailShaped(value)) return true;
  if (depth === 0 || value === null || typeof value !== 'object') return false;
  // Arrays count here (SCIM `emails: [{value}]`): the address is still the record's own.
  return Object.values(value).some((child) => hasEmail(child, depth - 1));
}

function hasKey(value: Record<string, unknown>, test: (key: string) => boolean, depth: number): boolean {
  return Object.entries(value).some(([key, child]) => {
    if (test(normalizeKey(key)) && child !== null && child !== '' && typeof child !== 'object') return true;
    return depth > 1 && isPlainObject(child) && hasKey(child, test, depth - 1);
  });
}

function describeItems(sample: readonly unknown[]): string {
  const kinds = new Set(sample.map((item) => (item === null ? 'null' : Array.isArray(item) ? 'array' : typeof item)));
  return [...kinds].join('/');
}
