/**
 * Every spec under specs/ is valid without a single diagnostic, points editors at the schema, and
 * is proven by a contract test against a fake target.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { validateSpecText } from '../../src/compiler/index.js';
import { REPO_ROOT } from './helpers/load-spec.js';

const SCHEMA_COMMENT = '# yaml-language-server: $schema=../../schema/connector-spec.schema.json';
const files = (await readdir(`${REPO_ROOT}specs`, { recursive: true }))
  .filter((file) => file.endsWith('.yaml'))
  .map((file) => `specs/${file}`)
  .sort();

describe('shipped specs', () => {
  it('include the prebuilt, the SCIM and at least four build-your-own examples', () => {
    expect(files).toContain('specs/prebuilt/incident-platform.yaml');
    expect(files).toContain('specs/scim/scim-2.0.yaml');
    expect(files.filter((file) => file.startsWith('specs/examples/')).length).toBeGreaterThanOrEqual(4);
  });

  it.each(files)('%s validates cleanly and starts with the schema comment', async (file) => {
    const text = await readFile(`${REPO_ROOT}${file}`, 'utf8');
    expect(text.split('\n')[0]).toBe(SCHEMA_COMMENT);
    const { spec, diagnostics } = await validateSpecText({ text, file });
    expect(diagnostics).toEqual([]);
    expect(spec).toBeDefined();
  });

  it.each(files)('%s has a contract test', async (file) => {
    const text = await readFile(`${REPO_ROOT}${file}`, 'utf8');
    const id = /^id: (\S+)$/m.exec(text)?.[1];
    expect(existsSync(`${REPO_ROOT}test/specs/${String(id)}.test.ts`)).toBe(true);
  });
});
