/**
 * What every `connector service` subcommand shares: where the storage is (`--data-dir`, default
 * ./data, or DATABASE_URL from the environment, never a flag: it may hold a password), how the
 * service is opened, and how its refusals are printed.
 */
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { formatFlagHelp, parseArgs, UsageError, type FlagSpecs, type ParsedArgs } from '../../args.js';
import { EXIT_FAILED, EXIT_USAGE, type CliIO } from '../../command.js';
import { formatError } from '../../format-error.js';
import { shouldUseColor } from '../../format-table.js';
import type { Service, ServiceOptions } from '../../../service/index.js';
import { DEFAULT_ENGINE_SETTINGS, DEFAULT_STALE_RUN_SECONDS } from '../../../service/engine/engine.js';
import { DEFAULT_ISOLATION_LIMITS } from '../../../jq/index.js';

export const DEFAULT_DATA_DIR = './data';

export const storageFlags: FlagSpecs = {
  'data-dir': {
    kind: 'string',
    value: '<dir>',
    description: `embedded database directory (default ${DEFAULT_DATA_DIR}); without it, DATABASE_URL selects a PostgreSQL server`,
  },
};

/** Flags of the processes that reach targets (start, worker). */
export const egressFlags: FlagSpecs = {
  'allow-egress': {
    kind: 'list',
    value: '<cidr|address|host>',
    description: 'let integrations reach this non-public address, range or host (an on-premises application); by default only public addresses are reached',
  },
};

/** Flags of the processes that run the engine's workers (start, worker). */
export const workerFlags: FlagSpecs = {
  'stale-run-seconds': {
    kind: 'string',
    value: '<seconds>',
    description: `a run whose worker stopped beating this long is taken over by another worker (default ${DEFAULT_STALE_RUN_SECONDS})`,
  },
  'runs-per-worker': {
    kind: 'string',
    value: '<n>',
    description: `sync runs this process carries out at the same time (default ${DEFAULT_ENGINE_SETTINGS.runsPerWorker})`,
  },
  'poll-seconds': {
    kind: 'string',
    value: '<seconds>',
    description: `how often an idle worker asks for work (default ${DEFAULT_ENGINE_SETTINGS.pollingIntervalSeconds})`,
  },
  'jq-timeout-ms': {
    kind: 'string',
    value: '<ms>',
    description: `time one jq evaluation of a build-your-own spec may take (one page's mapping; default ${DEFAULT_ISOLATION_LIMITS.timeoutMs})`,
  },
  'jq-memory-mb': {
    kind: 'string',
    value: '<MiB>',
    description: `heap of the worker thread running a build-your-own spec's jq (default ${DEFAULT_ISOLATION_LIMITS.maxMemoryMb})`,
  },
};

type WorkerOptions = Pick<ServiceOptions, 'sync' | 'workflows' | 'jq'>;

/** The engine settings the worker flags give, or the usage exit code after naming the bad flag. */
export function workerOptionsOrUsage(input: { parsed: ParsedArgs; usage: string; io: CliIO }): WorkerOptions | number {
  try {
    return workerOptions(input.parsed);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    input.io.stderr.write(`error: ${error.message}\n${input.usage}\n`);
    return EXIT_USAGE;
  }
}

function workerOptions(parsed: ParsedArgs): WorkerOptions {
  const numberFlag = (flag: string, min: number, max: number): number | undefined => {
    const raw = parsed.strings[flag];
    if (raw === undefined) return undefined;
    const value = Number(raw);
    const unit = flag.endsWith('-ms') ? 'milliseconds' : flag.endsWith('-mb') ? 'MiB' : 'seconds';
    if (!Number.isFinite(value) || value < min || value > max) throw new UsageError(`--${flag} must be a number of ${unit} from ${min} to ${max}`);
    return value;
  };
  const stale = numberFlag('stale-run-seconds', 1, 24 * 3600);
  const poll = numberFlag('poll-seconds', 0.5, 600);
  const runs = numberFlag('runs-per-worker', 1, 64);
  if (runs !== undefined && !Number.isInteger(runs)) throw new UsageError('--runs-per-worker must be a whole number from 1 to 64');
  const polling = poll === undefined ? {} : { pollingIntervalSeconds: poll };
  const timeoutMs = numberFlag('jq-timeout-ms', 100, 3_600_000);
  const maxMemoryMb = numberFlag('jq-memory-mb', 32, 65_536);
  const isolation = { ...(timeoutMs === undefined ? {} : { timeoutMs }), ...(maxMemoryMb === undefined ? {} : { maxMemoryMb }) };
  return {
    ...(Object.keys(isolation).length === 0 ? {} : { jq: { isolation } }),
    sync: { engine: { ...polling, ...(stale === undefined ? {} : { staleRunSeconds: stale }), ...(runs === undefined ? {} : { runsPerWorker: runs }) } },
    workflows: { engine: polling },
  };
}

export const STORAGE_HELP = 'Storage: --data-dir <dir>, else DATABASE_URL (a PostgreSQL server; CONNECTOR_KEK then holds the key-encryption key), else ./data.';

export function storageOptions(parsed: ParsedArgs, io: CliIO): ServiceOptions {
  const dataDir = parsed.strings['data-dir'];
  const databaseUrl = io.env.DATABASE_URL;
  const allow = parsed.lists['allow-egress'];
  const egress = allow === undefined ? {} : { egress: { allow } };
  if (dataDir === undefined && databaseUrl) return { databaseUrl, env: io.env, ...egress };
  return { dataDir: resolve(io.cwd, dataDir ?? DEFAULT_DATA_DIR), env: io.env, ...egress };
}

export function describeStorage(service: Service, options: ServiceOptions): string {
  return 'dataDir' in options ? `embedded database in ${options.dataDir}` : `PostgreSQL (${service.storage})`;
}

/** Who the audit log names for an operator's act from this shell. */
export function cliActor(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}

export function parseOrUsage(input: { args: string[]; flags: FlagSpecs; usage: string; io: CliIO }): ParsedArgs | number {
  try {
    const parsed = parseArgs({ argv: input.args, flags: input.flags });
    if (parsed.positionals.length > 0) throw new UsageError(`unexpected argument '${parsed.positionals[0]}'`);
    return parsed;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    input.io.stderr.write(`error: ${error.message}\n${input.usage}\n`);
    return EXIT_USAGE;
  }
}

/** `<noun> create --<required> ...`: the verb checked, the flags parsed, the required flag present. */
export function parseCreateArgs(input: { args: string[]; flags: FlagSpecs; usage: string; required: string; io: CliIO }): ParsedArgs | number {
  const { args, usage, required, io } = input;
  if (args[0] !== 'create') {
    io.stderr.write(`error: expected 'create'\n${usage}\n`);
    return EXIT_USAGE;
  }
  const parsed = parseOrUsage({ args: args.slice(1), flags: input.flags, usage, io });
  if (typeof parsed === 'number') return parsed;
  if (parsed.strings[required] === undefined) {
    io.stderr.write(`error: --${required} is required\n${usage}\n`);
    return EXIT_USAGE;
  }
  return parsed;
}

export function helpText(usage: string, flags: FlagSpecs, more: string[] = []): string {
  return [usage, '', ...more, ...(more.length ? [''] : []), 'Options:', formatFlagHelp(flags), '', STORAGE_HELP].join('\n');
}

async function openOrReach(options: ServiceOptions, how: { createsStore?: boolean; storageOnly?: boolean }): Promise<Service> {
  if ('dataDir' in options) {
    const { dataDir } = options;
    if (how.createsStore !== true && !existsSync(dataDir)) {
      const { ServiceError } = await import('../../../service/service-error.js');
      throw new ServiceError('NOT_FOUND', `the data directory ${dataDir} does not exist`, {
        hint: `give the --data-dir of the service (default ${DEFAULT_DATA_DIR}), or start the service there first: connector service start --data-dir ${dataDir}`,
      });
    }
    const { runningService } = await import('./remote-service.js');
    const running = existsSync(dataDir) && how.storageOnly !== true ? await runningService(dataDir) : undefined;
    if (running) return running;
  }
  const { openService } = await import('../../../service/index.js');
  return openService(options);
}

export function reportServiceFailure(error: unknown, io: CliIO): number {
  io.stderr.write(formatError({ error, color: shouldUseColor(io.stderr, io.env) }));
  return EXIT_FAILED;
}

/**
 * Runs `work` on the service and closes it; refusals are printed, not thrown. On a data directory
 * a running service is asked through its admin API (remote-service.ts); only when none runs is the
 * storage opened here. A data directory that does not exist is refused, never created, unless the
 * command creates a store (`createsStore`: tenant create). A command the admin API does not offer
 * (`storageOnly`: rotate-key) always opens the storage, and meets the running service's lock.
 */
export async function withService(
  options: ServiceOptions,
  io: CliIO,
  work: (service: Service) => Promise<number>,
  how: { createsStore?: boolean; storageOnly?: boolean } = {},
): Promise<number> {
  let service: Service;
  try {
    service = await openOrReach(options, how);
  } catch (error) {
    return reportServiceFailure(error, io);
  }
  try {
    return await work(service);
  } catch (error) {
    return reportServiceFailure(error, io);
  } finally {
    await service.close();
  }
}
