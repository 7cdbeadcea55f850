/**
 * Reading a page's query string after the access hook has run (route schemas would validate before
 * it and tell a signed-out visitor about the page). A bad value is a 400 page naming the field.
 */
import { ConsoleError } from './console-error.js';

type Query = Record<string, unknown>;

const refuse = (name: string, why: string) =>
  new ConsoleError(
    400,
    'Bad request',
    `The address has an unusable ${name}: ${why}.`,
    'Use the page’s own links and forms, or start again from the navigation.',
  );

/** Optional text of at most `max` characters; empty is absent. */
export function queryText(query: unknown, name: string, max = 200): string | undefined {
  const value = (query as Query | undefined)?.[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw refuse(name, 'it is given more than once');
  if (value.length > max) throw refuse(name, `it is longer than ${max} characters`);
  return value;
}

/** Optional whole number from 0. */
export function queryCount(query: unknown, name: string): number | undefined {
  const text = queryText(query, name, 12);
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw refuse(name, 'it is not a whole number');
  return Number(text);
}

/** Optional value out of a fixed list. */
export function queryChoice<T extends string>(query: unknown, name: string, choices: readonly T[]): T | undefined {
  const text = queryText(query, name);
  if (text === undefined) return undefined;
  if (!(choices as readonly string[]).includes(text)) throw refuse(name, `it must be one of ${choices.join(', ')}`);
  return text as T;
}
