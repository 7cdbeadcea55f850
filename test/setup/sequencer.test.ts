import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LONGEST_FIRST } from './sequencer.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('the longest-first list', () => {
  it('names only test files that exist, once each (a renamed file would silently start late)', () => {
    const missing = LONGEST_FIRST.filter((file) => !file.endsWith('.test.ts') || !existsSync(`${ROOT}${file}`));
    expect(missing).toEqual([]);
    expect(new Set(LONGEST_FIRST).size).toBe(LONGEST_FIRST.length);
  });
});
