/** Planning generated/: deterministic, refuses invalid or duplicate specs, and tells stale output apart. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compareGenerated } from '../../src/cli/commands/compile.js';
import { planGeneratedFiles } from '../../src/compiler/plan-generated.js';
import schema from '../../schema/connector-spec.schema.json' with { type: 'json' };
import { baseSpec, specText } from './helpers.js';

const fixtures = ['incident-like', 'simple-custom'];

async function fixtureSpecs() {
  return Promise.all(
    fixtures.map(async (name) => ({
      file: `test/fixtures/valid-specs/${name}.yaml`,
      text: await readFile(new URL(`../fixtures/valid-specs/${name}.yaml`, import.meta.url), 'utf8'),
    })),
  );
}

describe('planGeneratedFiles', () => {
  it('plans spec-types, one module per spec and the index, byte-identical on a second run', async () => {
    const specs = await fixtureSpecs();
    const first = await planGeneratedFiles({ specs, schema });
    const second = await planGeneratedFiles({ specs: [...specs].reverse(), schema });
    expect([...first.files.keys()]).toEqual(['incident-like.ts', 'index.ts', 'simple-custom.ts', 'spec-types.ts']);
    expect([...second.files]).toEqual([...first.files]);
    expect(first.diagnostics).toEqual([]);
  });

  it('emits spec types without numbered copies of shared types', async () => {
    const { files } = await planGeneratedFiles({ specs: [], schema });
    const types = files.get('spec-types.ts')!;
    expect(types.split('\n')[0]).toBe('// Generated from schema/connector-spec.schema.json by `npm run connector -- compile`. Do not edit.');
    expect(types).toContain('export interface ConnectorSpec {');
    expect(types).toContain('query?: StringMap;');
    expect(types).not.toMatch(/StringMap\d|ErrorHandling\d/u);
  });

  it('writes nothing when a spec is invalid', async () => {
    const broken = { file: 'bad.yaml', text: specText({ ...baseSpec(), auth: { type: 'nope' } }) };
    const plan = await planGeneratedFiles({ specs: [...(await fixtureSpecs()), broken], schema });
    expect(plan.files.size).toBe(0);
    expect(plan.diagnostics.map((d) => [d.file, d.code])).toEqual([['bad.yaml', 'SPEC_UNKNOWN_AUTH_TYPE']]);
  });

  it('refuses two specs with the same id', async () => {
    const text = specText(baseSpec());
    const plan = await planGeneratedFiles({
      specs: [
        { file: 'a.yaml', text },
        { file: 'b.yaml', text },
      ],
      schema,
    });
    expect(plan.diagnostics.map((d) => [d.file, d.code, d.message])).toEqual([['b.yaml', 'SPEC_DUPLICATE_ID', "id 'test-app' is already used by a.yaml"]]);
  });
});

describe('compareGenerated', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'generated-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('names stale, missing and extra files', async () => {
    await writeFile(join(dir, 'a.ts'), 'same');
    await writeFile(join(dir, 'b.ts'), 'old');
    await writeFile(join(dir, 'gone.ts'), 'x');
    await writeFile(join(dir, 'notes.md'), 'not a module');
    const files = new Map([
      ['a.ts', 'same'],
      ['b.ts', 'new'],
      ['c.ts', 'added'],
    ]);
    expect(await compareGenerated({ outDir: dir, files })).toEqual({ stale: ['b.ts'], missing: ['c.ts'], extra: ['gone.ts'] });
  });

  it('treats a missing directory as every file missing', async () => {
    expect(await compareGenerated({ outDir: join(dir, 'none'), files: new Map([['a.ts', 'x']]) })).toEqual({ stale: [], missing: ['a.ts'], extra: [] });
  });
});
