/**
 * `connector service sync <verb>`: the operator's side of account sync from a shell. `now` queues a
 * run (or joins the open one) and with `--wait` follows it to its end, printing progress on stderr;
 * `runs`, `show` and `status` read; `pending` lists what a run held by the deletion safeguard would
 * remove, `approve` and `reject` decide it; `configure` changes the interval and thresholds;
 * `resume` lifts a quarantine; `accounts` lists the Accounts list. Prints JSON on stdout.
 *
 * Runs are carried out by the service's workers. With DATABASE_URL they are the workers of
 * `service start` or `service worker`. The embedded database admits one process: beside a running
 * `service start` the command goes through its admin API and its workers run the run; when none
 * runs, `now --wait` runs the workers in this process until the run ends.
 */
import { EXIT_OK, type CliIO, type Command } from '../../command.js';
import type { FlagSpecs, ParsedArgs } from '../../args.js';
import type { Service } from '../../../service/index.js';
import type { SyncRun } from '../../../service/sync/sync-view.js';
import { cliActor, egressFlags, helpText, storageFlags, storageOptions, withService } from './storage-flags.js';
import { parseVerbArgs } from './verb-args.js';

const flags: FlagSpecs = {
  tenant: { kind: 'string', value: '<id>', description: 'the tenant’s id (required)' },
  integration: { kind: 'string', value: '<id>', description: 'the application (required)' },
  run: { kind: 'string', value: '<id>', description: 'the run (show, approve, reject)' },
  wait: { kind: 'boolean', description: 'now: follow the run to its end; exit 1 if it failed' },
  state: { kind: 'string', value: '<state>', description: 'accounts: only active, invited, deactivated or removed' },
  'interval-seconds': { kind: 'string', value: '<n>', description: 'configure: seconds between scheduled syncs' },
  'removal-threshold-percent': { kind: 'string', value: '<n>', description: 'configure: a run removing more than this share of the accounts...' },
  'removal-threshold-min': { kind: 'string', value: '<n>', description: 'configure: ...and more than this many waits for approval' },
  'max-consecutive-failures': { kind: 'string', value: '<n>', description: 'configure: failed runs in a row before quarantine' },
  ...storageFlags,
  ...egressFlags,
};

const USAGE = [
  'Usage: connector service sync now --tenant <id> --integration <id> [--wait]',
  '       connector service sync runs|status|resume --tenant <id> --integration <id>',
  '       connector service sync show|pending|approve|reject --tenant <id> --integration <id> --run <id>',
  '       connector service sync configure --tenant <id> --integration <id> [--interval-seconds <n>] [--removal-threshold-percent <n>] [--removal-threshold-min <n>] [--max-consecutive-failures <n>]',
  '       connector service sync accounts --tenant <id> --integration <id> [--state <state>]',
].join('\n');

const OPEN_STATUSES: ReadonlySet<string> = new Set(['queued', 'running']);
/** How often `now --wait` reads the run. */
const FOLLOW_INTERVAL_MS = 500;

type Ref = { tenantId: string; integrationId: string };
type Verb = (service: Service, ref: Ref, parsed: ParsedArgs, io: CliIO) => Promise<{ result: unknown; code?: number }>;

const describeCounts = (run: SyncRun): string =>
  `${run.counts.pages} page(s), ${run.counts.seen} seen, ${run.counts.added} added, ${run.counts.changed} changed, ${run.counts.removed} removed, ${run.counts.skipped} skipped`;

async function follow(service: Service, ref: Ref, first: SyncRun, io: CliIO): Promise<SyncRun> {
  let run = first;
  let shown = '';
  while (OPEN_STATUSES.has(run.status)) {
    const line = run.status === 'running' ? `running: ${describeCounts(run)}` : 'queued';
    if (line !== shown) io.stderr.write(`run ${run.id} ${line}\n`);
    shown = line;
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_INTERVAL_MS));
    run = await service.sync.getRun({ ...ref, runId: run.id });
  }
  return run;
}

/** What the operator reads after the run ended, and the exit code. */
function conclude(run: SyncRun, ref: Ref, io: CliIO): number {
  if (run.status === 'succeeded') {
    io.stderr.write(`run ${run.id} succeeded: ${describeCounts(run)}\n`);
    return EXIT_OK;
  }
  if (run.status === 'awaiting_approval') {
    io.stderr.write(
      `run ${run.id} would remove ${run.counts.pendingRemovals} accounts, more than the deletion safeguard allows; nothing was removed.\n` +
        `Approve with: connector service sync approve --tenant ${ref.tenantId} --integration ${ref.integrationId} --run ${run.id} (or reject)\n`,
    );
    return EXIT_OK;
  }
  io.stderr.write(`run ${run.id} ${run.status}${run.error ? `: ${run.error.code}: ${run.error.message}` : ''}; no account was changed\n`);
  return 1;
}

const VERBS: Record<string, Verb> = {
  async now(service, ref, parsed, io) {
    const { run, joined } = await service.sync.syncNow({ ...ref, actor: cliActor() });
    if (joined) io.stderr.write(`a run of this integration is already ${run.status}; following it instead of starting another\n`);
    if (parsed.booleans.wait !== true) return { result: run };
    if (service.storage === 'embedded') await service.startWorkers();
    const last = await follow(service, ref, run, io);
    return { result: last, code: conclude(last, ref, io) };
  },
  runs: async (service, ref) => ({ result: await service.sync.listRuns(ref) }),
  show: async (service, ref, parsed) => ({ result: await service.sync.getRun({ ...ref, runId: parsed.strings.run! }) }),
  status: async (service, ref) => ({ result: await service.sync.status(ref) }),
  approve: async (service, ref, parsed) => ({ result: await service.sync.approveRun({ ...ref, runId: parsed.strings.run!, actor: cliActor() }) }),
  reject: async (service, ref, parsed) => ({ result: await service.sync.rejectRun({ ...ref, runId: parsed.strings.run!, actor: cliActor() }) }),
  resume: async (service, ref) => ({ result: await service.sync.resume({ ...ref, actor: cliActor() }) }),
  async pending(service, ref, parsed) {
    const accounts = [];
    let after: string | undefined;
    do {
      const page = await service.sync.pendingRemovals({ ...ref, runId: parsed.strings.run!, limit: 1000, after });
      accounts.push(...page.accounts);
      after = page.next;
    } while (after !== undefined);
    return { result: accounts };
  },
  async configure(service, ref, parsed) {
    const settings: Record<string, number> = {};
    for (const [flag, key] of SETTING_FLAGS) if (parsed.strings[flag] !== undefined) settings[key] = Number(parsed.strings[flag]);
    return { result: await service.sync.configure({ ...ref, ...settings, actor: cliActor() }) };
  },
  async accounts(service, ref, parsed) {
    const accounts = [];
    let after: string | undefined;
    do {
      const page = await service.sync.listAccounts({ ...ref, state: parsed.strings.state as never, limit: 1000, after });
      accounts.push(...page.accounts);
      after = page.next;
    } while (after !== undefined);
    return { result: accounts };
  },
};

const NEEDS_RUN = new Set(['show', 'pending', 'approve', 'reject']);

/** `configure`'s flags and the settings they set (the service checks each range). */
const SETTING_FLAGS = [
  ['interval-seconds', 'intervalSeconds'],
  ['removal-threshold-percent', 'removalThresholdPercent'],
  ['removal-threshold-min', 'removalThresholdMin'],
  ['max-consecutive-failures', 'maxConsecutiveFailures'],
] as const;

async function run(args: string[], io: CliIO): Promise<number> {
  const given = parseVerbArgs({
    args,
    verbs: VERBS,
    flags,
    usage: USAGE,
    io,
    required: (verb) => ['tenant', 'integration', ...(NEEDS_RUN.has(verb) ? ['run'] : [])],
  });
  if (typeof given === 'number') return given;
  const { work, parsed } = given;
  const ref = { tenantId: parsed.strings.tenant!, integrationId: parsed.strings.integration! };
  return withService(storageOptions(parsed, io), io, async (service) => {
    const { result, code } = await work(service, ref, parsed, io);
    io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return code ?? EXIT_OK;
  });
}

export const syncCommand: Command = {
  name: 'service sync',
  help: helpText(USAGE, flags, [
    'Queues and follows sync runs, decides runs held by the deletion safeguard, lifts quarantines, lists accounts; prints JSON.',
    'With DATABASE_URL the runs are carried out by the workers of `service start` or `service worker`;',
    'with the embedded database, a running `service start` is asked through its admin API (its workers run the run); when none runs, `now --wait` runs the workers here.',
  ]),
  run,
};
