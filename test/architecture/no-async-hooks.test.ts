/**
 * No module of the project turns on Node's async hooks. On Node 20 an AsyncLocalStorage that has
 * run once (or any enabled `createHook`) installs a promise hook for every promise of the process,
 * for good: every later import, sync and query pays a call per promise. The jq compile scope once
 * used one (src/jq/precompiled.ts); with it the calling-thread import of 100,000 users cost about a
 * tenth more CPU (`npm run bench -- import`). Context goes in arguments instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT } from './import-graph.js';

const SOURCES = ['src', 'generated'].flatMap((folder) =>
  readdirSync(`${ROOT}/${folder}`, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `${folder}/${file}`),
);

/** Code that would turn the hooks on: the class, a hook, or the module itself (comments are not code). */
const TURNS_ON_HOOKS = /\bnew AsyncLocalStorage\b|\bcreateHook\s*\(|from ['"](node:)?async_hooks['"]|AsyncResource\b/u;

function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//gu, '').replace(/^\s*\/\/.*$/gmu, '');
}

describe('async hooks', () => {
  it('are turned on by no module of src/ or generated/', () => {
    const offenders = SOURCES.filter((file) => TURNS_ON_HOOKS.test(withoutComments(readFileSync(`${ROOT}/${file}`, 'utf8'))));
    expect(offenders).toEqual([]);
  });

  it('finds them where they are (the check reads code, not comments)', () => {
    expect(TURNS_ON_HOOKS.test(withoutComments("import { AsyncLocalStorage } from 'node:async_hooks';\nconst s = new AsyncLocalStorage();"))).toBe(true);
    expect(TURNS_ON_HOOKS.test(withoutComments('/** It was an AsyncLocalStorage once: new AsyncLocalStorage() */\nconst x = 1;'))).toBe(false);
  });
});
