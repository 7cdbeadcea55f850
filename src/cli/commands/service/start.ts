/**
 * `connector service start`: opens the service (embedded by default), and on a fresh store creates
 * a first tenant with an admin token, printed once; then serves the HTTP API and the operator
 * console (/console) until SIGINT or SIGTERM. The access log goes to stderr, one JSON line per
 * request.
 */
import { EXIT_USAGE, type CliIO, type Command } from '../../command.js';
import type { FlagSpecs } from '../../args.js';
import { ADMIN_SUBCOMMAND_LIST } from './admin-subcommands.js';
import { runServiceUntilSignal } from './until-signal.js';
import {
  cliActor,
  describeStorage,
  egressFlags,
  helpText,
  parseOrUsage,
  storageFlags,
  storageOptions,
  workerFlags,
  workerOptionsOrUsage,
} from './storage-flags.js';

const flags: FlagSpecs = {
  ...storageFlags,
  ...egressFlags,
  ...workerFlags,
  'no-workers': {
    kind: 'boolean',
    description: 'serve the API only (PostgreSQL only); sync runs and workflow tasks wait for `connector service worker` processes',
  },
  port: { kind: 'string', value: '<port>', description: 'TCP port (default 8080; 0 picks a free one)' },
  host: { kind: 'string', value: '<host>', description: 'address to listen on (default 127.0.0.1)' },
  plan: { kind: 'string', value: 'none|standard|business', description: 'plan of the first tenant on a fresh store (default standard)' },
  quiet: { kind: 'boolean', description: 'no access log' },
};
const USAGE =
  'Usage: connector service start [--data-dir <dir>] [--port 8080] [--host 127.0.0.1] [--plan standard] [--allow-egress <cidr>]... [--no-workers] [--stale-run-seconds <n>] [--runs-per-worker <n>] [--poll-seconds <n>] [--jq-timeout-ms <ms>] [--jq-memory-mb <MiB>] [--quiet]';

async function run(args: string[], io: CliIO): Promise<number> {
  const parsed = parseOrUsage({ args, flags, usage: USAGE, io });
  if (typeof parsed === 'number') return parsed;
  const port = Number(parsed.strings.port ?? '8080');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.stderr.write(`error: --port must be a whole number from 0 to 65535\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  const host = parsed.strings.host ?? '127.0.0.1';
  const engine = workerOptionsOrUsage({ parsed, usage: USAGE, io });
  if (typeof engine === 'number') return engine;
  const options = { ...storageOptions(parsed, io), ...engine };
  // The embedded database admits one process: without this one's workers nothing would ever carry
  // out a run or a task, while the API kept answering "queued".
  if (parsed.booleans['no-workers'] && 'dataDir' in options) {
    io.stderr.write(
      `error: --no-workers needs a PostgreSQL server (DATABASE_URL): the embedded database admits one process, so no \`connector service worker\` could carry out its sync runs and workflow tasks\n${USAGE}\n`,
    );
    return EXIT_USAGE;
  }
  return runServiceUntilSignal({
    options,
    io,
    async begin(service) {
      const { buildHttpApp } = await import('../../../service/http/build-app.js');
      const { app } = await buildHttpApp({
        service,
        log: parsed.booleans.quiet ? undefined : (entry) => io.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`),
      });
      if ((await service.tenants.list()).length === 0) {
        const tenant = await service.tenants.create({ name: 'default', plan: (parsed.strings.plan ?? 'standard') as 'standard', actor: cliActor() });
        const token = await service.tokens.create({ tenantId: tenant.id, role: 'admin', name: 'first admin token', actor: cliActor() });
        io.stdout.write(`fresh store: created tenant ${tenant.id} (default, plan ${tenant.plan})\nadmin token (shown once, keep it now): ${token.token}\n`);
      }
      // The embedded database has one process: its workers run here. On PostgreSQL, --no-workers
      // leaves the runs to `connector service worker` processes.
      if (!parsed.booleans['no-workers']) await service.startWorkers();
      const address = await app.listen({ port, host });
      // The embedded database admits one process: the CLI's admin commands reach this one through
      // its admin API (loopback only; credential in the data directory's admin.json, mode 0600).
      const admin =
        'dataDir' in options ? await (await import('../../../service/admin/admin-api.js')).startAdminApi({ service, dataDir: options.dataDir }) : undefined;
      if (admin) io.stdout.write(`admin API for \`connector service ${ADMIN_SUBCOMMAND_LIST}\` at ${admin.url} (loopback only)\n`);
      io.stdout.write(`service listening on ${address} (${describeStorage(service, options)}); OpenAPI at ${address}/openapi.json\n`);
      io.stdout.write(`operator console at ${address}/console (sign in with an API token of the tenant)\n`);
      return async () => {
        await admin?.close();
        await app.close();
        await service.stopWorkers();
      };
    },
  });
}

export const startCommand: Command = {
  name: 'service start',
  help: helpText(USAGE, flags, [
    'On a fresh store it creates a first tenant and prints an admin token once.',
    'The embedded database (PGlite) is for trying the service and for development: it does not fsync;',
    'production means a PostgreSQL server (DATABASE_URL).',
  ]),
  run,
};
