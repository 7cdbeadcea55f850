/** `connector <argv>` run in this process (no spawn), its output collected: the service verbs' CLI tests. */
import { PassThrough } from 'node:stream';
import { main } from '../../src/cli/main.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runInProcess(argv: string[], cwd: string): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    stdin: new PassThrough(),
    env: {},
    cwd,
  });
  return { code, stdout, stderr };
}
