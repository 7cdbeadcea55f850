/**
 * Start-up of the built CLI (`dist/cli/connector.js`, what the installed `connector` bin runs):
 * `connector --help` and `connector validate <one spec>`, each the median wall time of a fresh
 * process. Budget: under 300 ms each. Baseline in the same run: `node -e 0`, the floor any Node
 * program pays. Runs are interleaved so load from other processes falls on all three alike.
 * Builds first (`npm run build`), so the figures are those of the code as it is.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { median } from './median.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = `${ROOT}dist/cli/connector.js`;
const RUNS = 21;
const BUDGET_MS = 300;

const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0 || !existsSync(BIN)) throw new Error('npm run build failed');

const cases: { name: string; args: string[]; budget: boolean }[] = [
  { name: 'node -e 0 (baseline)', args: ['-e', '0'], budget: false },
  { name: 'connector --help', args: [BIN, '--help'], budget: true },
  { name: 'connector validate <one spec>', args: [BIN, 'validate', 'specs/prebuilt/incident-platform.yaml'], budget: true },
];

function timeOnce(args: string[]): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  const ms = performance.now() - start;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}

const samples = cases.map(() => [] as number[]);
for (const c of cases) timeOnce(c.args); // warm the file system cache
for (let run = 0; run < RUNS; run += 1) cases.forEach((c, i) => samples[i]!.push(timeOnce(c.args)));

const medians = samples.map(median);
const baseline = medians[0]!;
const rows = [['case', 'median ms', 'ratio'], ...cases.map((c, i) => [c.name, medians[i]!.toFixed(0), `${(medians[i]! / baseline).toFixed(1)}x`])];
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
for (const row of rows) process.stdout.write(`${row.map((cell, c) => cell.padEnd(widths[c]!)).join('  ')}\n`);
const over = cases.filter((c, i) => c.budget && medians[i]! >= BUDGET_MS);
process.stdout.write(`budget ${BUDGET_MS} ms median (${RUNS} runs): ${over.length === 0 ? 'ok' : `EXCEEDED by ${over.map((c) => c.name).join(', ')}`}\n`);
if (over.length > 0) process.exitCode = 1;
