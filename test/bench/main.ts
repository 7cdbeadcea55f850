/**
 * `npm run bench`: runs every `test/bench/*.bench.ts` in its own process, one after another, so
 * that one benchmark's heap and sockets never colour another's figures (peak memory above all).
 * Each prints its own table with ratios against a baseline measured in the same run.
 * `npm run bench -- import` runs only the benchmarks whose file name contains `import`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();

let failed = 0;
for (const file of files) {
  process.stdout.write(`\n== ${file} ==\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', `${benchDir}${file}`], {
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    failed += 1;
    process.stdout.write(`${file} failed (exit ${result.status ?? result.signal})\n`);
  }
}
process.exitCode = failed === 0 ? 0 : 1;
