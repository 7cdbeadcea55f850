/**
 * How to start the jq worker from wherever this module runs: built JavaScript (the package's
 * dist/, or the CLI bundle, which ships `jq-worker.js` beside its chunks) starts the file
 * directly. TypeScript sources (tests, `tsx`) have no such file and a worker thread does not
 * inherit the test runner's transform, so the worker's sources are bundled once per process with
 * esbuild (a development dependency, present wherever the sources run) and started as a script.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

let bundledSource: string | undefined;

function bundledWorkerSource(here: string): string {
  if (bundledSource === undefined) {
    const esbuild = createRequire(here)('esbuild') as typeof import('esbuild');
    const built = esbuild.buildSync({
      entryPoints: [fileURLToPath(new URL('./jq-worker.ts', here))],
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      write: false,
      logLevel: 'error',
    });
    bundledSource = built.outputFiles[0]!.text;
  }
  return bundledSource;
}

export function startJqWorker(options: WorkerOptions): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./jq-worker.js', here), options);
  return new Worker(bundledWorkerSource(here), { ...options, eval: true });
}
