/** Runs the real CLI (`tsx src/cli/main.ts`) as a subprocess, as a user or CI would. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** tsx's loader by URL, so the CLI also starts with a working directory outside the repository. */
const tsxLoader = import.meta.resolve('tsx');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], options: { cwd?: string } = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', tsxLoader, `${repoRoot}src/cli/main.ts`, ...args],
      { cwd: options.cwd ?? repoRoot, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
