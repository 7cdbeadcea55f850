/** Loading spec files: the only file I/O; never throws. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSpecFiles, loadSpecFile } from '../../src/compiler/index.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'load-spec-'));
  await mkdir(join(dir, 'nested', 'deeper'), { recursive: true });
  await writeFile(join(dir, 'b.yaml'), 'a: 1\n');
  await writeFile(join(dir, 'nested', 'a.yml'), 'a: 1\n');
  await writeFile(join(dir, 'nested', 'deeper', 'c.yaml'), 'a: 1\n');
  await writeFile(join(dir, 'notes.txt'), 'not a spec');
  await writeFile(join(dir, 'nul.bin'), Buffer.from('a: 1\n\u0000'));
  await writeFile(join(dir, 'latin1.yaml'), Buffer.from([0x61, 0x3a, 0x20, 0xe9, 0x0a]));
  await writeFile(join(dir, 'big.yaml'), Buffer.alloc(1024 * 1024 + 1, 0x61));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loadSpecFile', () => {
  it.each([
    { given: 'nul.bin', want: 'SPEC_BINARY_FILE' },
    { given: 'latin1.yaml', want: 'SPEC_BINARY_FILE' },
    { given: 'big.yaml', want: 'SPEC_FILE_TOO_LARGE' },
    { given: 'missing.yaml', want: 'SPEC_FILE_UNREADABLE' },
    { given: 'nested', want: 'SPEC_FILE_UNREADABLE' },
  ])('$given -> $want', async ({ given, want }) => {
    const source = await loadSpecFile(join(dir, given), { file: given });
    expect(source.text).toBeUndefined();
    expect(source.diagnostics.map((d) => [d.code, d.file, d.line, d.column])).toEqual([[want, given, 1, 1]]);
  });

  it('reads a text file', async () => {
    expect(await loadSpecFile(join(dir, 'b.yaml'))).toEqual({ file: join(dir, 'b.yaml'), text: 'a: 1\n', diagnostics: [] });
  });
});

describe('findSpecFiles', () => {
  it('recurses directories for *.yaml and *.yml, sorted, and reports missing paths', async () => {
    const found = await findSpecFiles([dir, join(dir, 'nope')]);
    expect(found.files.map((f) => f.slice(dir.length + 1))).toEqual(['b.yaml', 'big.yaml', 'latin1.yaml', 'nested/a.yml', 'nested/deeper/c.yaml']);
    expect(found.missing).toEqual([join(dir, 'nope')]);
  });
});
