/** `connector list | head -1`: a reader that closes the pipe early ends the output quietly. */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../compiler/run-cli.js';
import { cliEntry } from '../setup/cli-bundle.js';

async function runWithClosedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const entry = await cliEntry();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // The reader goes away before the command writes anything, as `| head -0` would.
    child.stdout.destroy();
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('a closed output pipe', () => {
  it('is not an error: no stack trace, exit 0', async () => {
    const result = await runWithClosedStdout(['list']);
    expect(result.stderr).not.toMatch(/EPIPE|node:events|at /u);
    expect(result.code).toBe(0);
  });
});
