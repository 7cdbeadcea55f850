/** `service start` and `service worker` set the isolation limits of build-your-own specs' jq. */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.js';
import { EXIT_USAGE, type CliIO } from '../../src/cli/command.js';
import { workerFlags, workerOptionsOrUsage } from '../../src/cli/commands/service/storage-flags.js';

function io(): CliIO & { errors: string[] } {
  const errors: string[] = [];
  return { errors, stdout: { write: () => true }, stderr: { write: (text: string) => errors.push(text) }, stdin: Readable.from([]), env: {}, cwd: '/' };
}

const options = (argv: string[], sink = io()) => workerOptionsOrUsage({ parsed: parseArgs({ argv, flags: workerFlags }), usage: 'Usage: test', io: sink });

describe('jq isolation flags', () => {
  it('pass --jq-timeout-ms and --jq-memory-mb to the service as its jq isolation limits', () => {
    expect(options(['--jq-timeout-ms', '2500', '--jq-memory-mb', '256'])).toMatchObject({ jq: { isolation: { timeoutMs: 2500, maxMemoryMb: 256 } } });
    expect(options(['--jq-timeout-ms', '2500'])).toMatchObject({ jq: { isolation: { timeoutMs: 2500 } } });
    expect(options([])).not.toHaveProperty('jq');
  });

  it('refuse a value out of range with the flag and its unit', () => {
    const sink = io();
    expect(options(['--jq-memory-mb', '4'], sink)).toBe(EXIT_USAGE);
    expect(sink.errors.join('')).toContain('--jq-memory-mb must be a number of MiB from 32 to 65536');
  });
});
