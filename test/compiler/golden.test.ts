/**
 * Golden files: every shipped spec in specs/ compiles to exactly its checked-in module in
 * generated/, and generated/ holds nothing else (regenerate with `npm run connector -- compile`).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareGenerated } from '../../src/cli/commands/compile.js';
import { displayPath } from '../../src/cli/commands/validate.js';
import { findSpecFiles, loadSpecFile } from '../../src/compiler/index.js';
import { planGeneratedFiles } from '../../src/compiler/plan-generated.js';
import schema from '../../schema/connector-spec.schema.json' with { type: 'json' };

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('generated/ matches specs/', async () => {
  const { files } = await findSpecFiles([`${root}specs`]);
  const specs = await Promise.all(files.map((path) => loadSpecFile(path, { file: displayPath(path, root) })));
  const plan = await planGeneratedFiles({ specs, schema });

  it('has valid shipped specs', () => {
    expect(plan.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it.each(specs.map((s) => s.file))('%s compiles to its checked-in module', async (file) => {
    const entry = [...plan.files].find(([, content]) => content.startsWith(`// Generated from ${file} `));
    expect(entry, `no module generated from ${file}`).toBeDefined();
    const [name, content] = entry!;
    expect(await readFile(`${root}generated/${name}`, 'utf8')).toBe(content);
  });

  it('has no stale, missing or extra file', async () => {
    expect(await compareGenerated({ outDir: `${root}generated`, files: plan.files })).toEqual({ stale: [], missing: [], extra: [] });
  });
});
