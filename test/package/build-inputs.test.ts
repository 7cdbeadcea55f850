/**
 * dist/'s recorded input digest (scripts/build-inputs.mjs): pack-install.test.ts packs an existing
 * dist/ without building it again only when the digest says it is the build of the current sources,
 * so the digest must change with any input and a dist/ without it is never taken as current.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_DIGEST_FILE, buildInputsDigest, distIsCurrent } from '../../scripts/build-inputs.mjs';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'lc-build-inputs-'));
  await mkdir(join(root, 'src/runtime'), { recursive: true });
  await writeFile(join(root, 'src/runtime/client.ts'), 'export const a = 1;\n');
  await writeFile(join(root, 'package.json'), '{"name":"x"}\n');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function record(digest: string): Promise<void> {
  await mkdir(join(root, 'dist'), { recursive: true });
  await writeFile(join(root, BUILD_DIGEST_FILE), `${digest}\n`);
}

describe('the build input digest', () => {
  it('changes when a source changes, is added or is renamed', async () => {
    const first = buildInputsDigest(root);
    expect(buildInputsDigest(root)).toBe(first);
    await writeFile(join(root, 'src/runtime/client.ts'), 'export const a = 2;\n');
    const edited = buildInputsDigest(root);
    expect(edited).not.toBe(first);
    await writeFile(join(root, 'src/runtime/other.ts'), '');
    const added = buildInputsDigest(root);
    expect(added).not.toBe(edited);
    await rm(join(root, 'src/runtime/other.ts'));
    await writeFile(join(root, 'src/runtime/renamed.ts'), '');
    expect(buildInputsDigest(root)).not.toBe(added);
  });

  it('ignores what is not an input (tests, docs, dist itself)', async () => {
    const before = buildInputsDigest(root);
    await mkdir(join(root, 'test'), { recursive: true });
    await writeFile(join(root, 'test/a.test.ts'), '');
    await writeFile(join(root, 'README.md'), '# x\n');
    await record('anything');
    expect(buildInputsDigest(root)).toBe(before);
  });

  it('takes dist/ as current only when it records the digest of the current inputs', async () => {
    expect(distIsCurrent(root)).toBe(false);
    await record(buildInputsDigest(root));
    expect(distIsCurrent(root)).toBe(true);
    await writeFile(join(root, 'package.json'), '{"name":"y"}\n');
    expect(distIsCurrent(root)).toBe(false);
  });
});
