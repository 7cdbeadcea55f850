/**
 * `connector service start` as a child process on a data directory, or without one on the
 * `DATABASE_URL` of `env` (the bundled CLI, as the installed package runs it): waits for the URL it
 * prints, reads the first admin token when it prints one. A data directory without a database gets
 * the migrated template first (test/setup/pglite-template.ts), as if the service had opened it once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cliEntry } from '../../setup/cli-bundle.js';
import { seedDataDir } from '../../setup/pglite-template.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  /** The first admin token, printed only on a fresh store. */
  token: string | undefined;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
}

export async function startServiceProcess(input: { dataDir?: string; args?: string[]; env?: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<ServiceProcess> {
  const storage = input.dataDir === undefined ? [] : ['--data-dir', await seedDataDir(input.dataDir)];
  const child = spawn(
    process.execPath,
    [await cliEntry(), 'service', 'start', ...storage, '--port', '0', '--allow-egress', '127.0.0.0/8', ...(input.args ?? [])],
    {
      cwd: REPO,
      env: { ...process.env, DATABASE_URL: '', ...input.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the service printed no URL within ${input.timeoutMs ?? 60_000} ms; stderr: ${err}`)),
      input.timeoutMs ?? 60_000,
    );
    const check = () => {
      const match = /service listening on (http:\/\/[0-9.]+:\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the service exited (${code}) before listening; stderr: ${err}`));
    });
  });
  return { child, url, token: /admin token[^:]*: (lcs_\S+)/.exec(out)?.[1], stdout: () => out, stderr: () => err, exited };
}

/** Stops a service process (SIGTERM) and waits for it; returns its exit code. */
export async function stopServiceProcess(service: ServiceProcess): Promise<number | string> {
  if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill('SIGTERM');
  return service.exited;
}
