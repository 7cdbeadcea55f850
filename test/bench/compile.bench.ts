/**
 * Validate + compile 200 specs (variations of a realistic prebuilt spec, written to a temp dir and
 * read back like `connector compile` does). Budget: under 10 s on the CI machine.
 * Baseline in the same run: parsing the same 200 files as YAML only.
 * Every 10th spec changes its jq expressions, so the jq cache (one compile per distinct
 * expression) is exercised with 20 distinct sets rather than measured on one.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { findSpecFiles, loadSpecFile } from '../../src/compiler/index.js';
import { planGeneratedFiles } from '../../src/compiler/plan-generated.js';
import schema from '../../schema/connector-spec.schema.json' with { type: 'json' };

const SPECS = 200;
const BUDGET_MS = 10_000;
const template = await readFile(new URL('../fixtures/valid-specs/incident-like.yaml', import.meta.url), 'utf8');

function variation(index: number): string {
  const set = Math.floor(index / 10);
  return template
    .replace('id: incident-like', `id: bench-${index}`)
    .replace('name: Incident-like platform', `name: Bench app ${index}`)
    .replace('https://api.incident.example.com', `https://api${index}.example.com`)
    .replace('records: .users', `records: .users${set === 0 ? '' : ` // .members${set}`}`)
    .replace('email: \'.email // ""\'', `email: '.email // .mail${set} // ""'`)
    .replace('limit: 100', `limit: ${50 + index}`);
}

const dir = await mkdtemp(join(tmpdir(), 'compile-bench-'));
try {
  await Promise.all(Array.from({ length: SPECS }, (_, i) => writeFile(join(dir, `bench-${i}.yaml`), variation(i))));
  const { files } = await findSpecFiles([dir]);

  const parseStart = performance.now();
  for (const file of files) parseDocument(await readFile(file, 'utf8'));
  const parseMs = performance.now() - parseStart;

  const start = performance.now();
  const specs = await Promise.all(files.map((path) => loadSpecFile(path)));
  const plan = await planGeneratedFiles({ specs, schema });
  const compileMs = performance.now() - start;

  const errors = plan.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0 || plan.files.size !== SPECS + 2) {
    throw new Error(`bench specs did not compile: ${errors[0]?.code ?? 'no error'} (${plan.files.size} files)`);
  }
  const rows = [
    ['case', 'total ms', 'per spec ms', 'ratio'],
    ['parse YAML only (baseline)', parseMs.toFixed(0), (parseMs / SPECS).toFixed(2), '1.0x'],
    [`validate + compile ${SPECS} specs`, compileMs.toFixed(0), (compileMs / SPECS).toFixed(2), `${(compileMs / parseMs).toFixed(1)}x`],
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const row of rows) process.stdout.write(`${row.map((cell, c) => cell.padEnd(widths[c]!)).join('  ')}\n`);
  process.stdout.write(`budget ${BUDGET_MS} ms: ${compileMs < BUDGET_MS ? 'ok' : 'EXCEEDED'}\n`);
  if (compileMs >= BUDGET_MS) process.exitCode = 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
