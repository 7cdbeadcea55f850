/** Runs the real CLI (the bundle `npm run build` makes, test/setup/cli-bundle.ts) as a subprocess, as a user or CI would. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cliEntry } from '../setup/cli-bundle.js';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(args: string[], options: { cwd?: string } = {}): Promise<CliResult> {
  const entry = await cliEntry();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [entry, ...args],
      { cwd: options.cwd ?? repoRoot, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
