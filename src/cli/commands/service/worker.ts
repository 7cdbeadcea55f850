/**
 * `connector service worker`: runs only the engine's workers (sync runs, workflow tasks, the
 * minute ticks and their recovery of work whose worker died) against the storage, until SIGINT or
 * SIGTERM. Any number of them, on any number of machines, share the work of one PostgreSQL
 * database (DATABASE_URL).
 */
import type { CliIO, Command } from '../../command.js';
import type { FlagSpecs } from '../../args.js';
import { runServiceUntilSignal } from './until-signal.js';
import { describeStorage, egressFlags, helpText, parseOrUsage, storageFlags, storageOptions, workerFlags, workerOptionsOrUsage } from './storage-flags.js';

const flags: FlagSpecs = { ...storageFlags, ...egressFlags, ...workerFlags };
const USAGE =
  'Usage: connector service worker [--data-dir <dir>] [--allow-egress <cidr>]... [--stale-run-seconds <n>] [--runs-per-worker <n>] [--poll-seconds <n>] [--jq-timeout-ms <ms>] [--jq-memory-mb <MiB>]';

async function run(args: string[], io: CliIO): Promise<number> {
  const parsed = parseOrUsage({ args, flags, usage: USAGE, io });
  if (typeof parsed === 'number') return parsed;
  const engine = workerOptionsOrUsage({ parsed, usage: USAGE, io });
  if (typeof engine === 'number') return engine;
  const options = { ...storageOptions(parsed, io), ...engine };
  return runServiceUntilSignal({
    options,
    io,
    async begin(service) {
      await service.startWorkers();
      io.stdout.write(`worker running on ${describeStorage(service, options)}\n`);
      // Lets the runs in hand finish before the process ends.
      return () => service.stopWorkers();
    },
  });
}

export const workerCommand: Command = {
  name: 'service worker',
  help: helpText(USAGE, flags, [
    'Runs the workers only: sync runs, workflow tasks, and the minute ticks that queue scheduled syncs and recover lost work. The HTTP API runs in `connector service start --no-workers`.',
  ]),
  run,
};
