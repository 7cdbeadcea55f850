/**
 * `connector service <subcommand>`: run the integration service and do the operator's acts on its
 * storage. This module only dispatches: each subcommand is loaded when it runs, so neither
 * `connector --help` nor `connector service --help` loads the database or the HTTP server.
 */
import { ADMIN_SUBCOMMAND_LIST } from './service/admin-subcommands.js';
import { EXIT_USAGE, type CliIO, type Command } from '../command.js';

interface Subcommand {
  summary: string;
  load(): Promise<Command>;
}

const subcommands: Record<string, Subcommand> = {
  start: {
    summary: 'Start the HTTP API (embedded database in --data-dir, or DATABASE_URL)',
    load: async () => (await import('./service/start.js')).startCommand,
  },
  worker: {
    summary: 'Run only the sync workers (any number of them share one DATABASE_URL)',
    load: async () => (await import('./service/worker.js')).workerCommand,
  },
  tenant: {
    summary: 'create|list|show|set-plan: tenants and their plans (set-plan is audited)',
    load: async () => (await import('./service/tenant.js')).tenantCommand,
  },
  token: {
    summary: 'token create|list|revoke --tenant <id>: print a new API token once, list them, revoke one',
    load: async () => (await import('./service/token.js')).tokenCommand,
  },
  operator: {
    summary: 'operator create|list --tenant <id>: console sign-in with a username and password (password on stdin)',
    load: async () => (await import('./service/operator.js')).operatorCommand,
  },
  integration: {
    summary: 'enable-action|disable-action --action <name> --integration <id>...: one action on many integrations at once',
    load: async () => (await import('./service/integration.js')).integrationCommand,
  },
  sync: {
    summary: 'now|runs|show|status|pending|approve|reject|configure|resume|accounts: account sync of an integration',
    load: async () => (await import('./service/sync.js')).syncCommand,
  },
  workflow: {
    summary: 'onboard|offboard|run-action|add-users|list|show|cancel|retry: lifecycle workflows',
    load: async () => (await import('./service/workflow.js')).workflowCommand,
  },
  profile: {
    summary: 'list|show|create|edit|archive|restore|person|preview|move|assign|drift: access profiles and moves (movers)',
    load: async () => (await import('./service/profile.js')).profileCommand,
  },
  review: {
    summary: 'create|list|show|start|decide|removed-by-hand|close|report: access review campaigns',
    load: async () => (await import('./service/review.js')).reviewsCommand,
  },
  'rotate-key': {
    summary: 'Re-wrap every tenant data key under a new key-encryption key',
    load: async () => (await import('./service/rotate-key.js')).rotateKeyCommand,
  },
};

const HELP = [
  'Usage: connector service <subcommand> [options]',
  '',
  'Subcommands:',
  ...Object.entries(subcommands).map(([name, entry]) => `  ${name.padEnd(11)} ${entry.summary}`),
  '',
  'Storage: --data-dir <dir> (default ./data, embedded PostgreSQL), or DATABASE_URL for a PostgreSQL server.',
  `With the embedded database, ${ADMIN_SUBCOMMAND_LIST} reach a running \`service start\` through its admin API; rotate-key needs it stopped.`,
  'Run `connector service <subcommand> --help` for its options.',
].join('\n');

async function run(args: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = args;
  if (name === '--help' || name === '-h') {
    io.stdout.write(`${HELP}\n`);
    return 0;
  }
  const entry = name !== undefined && Object.hasOwn(subcommands, name) ? subcommands[name] : undefined;
  if (!entry) {
    io.stderr.write(`${name === undefined ? '' : `connector service: unknown subcommand '${name}'\n\n`}${HELP}\n`);
    return EXIT_USAGE;
  }
  const command = await entry.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(`${command.help}\n`);
    return 0;
  }
  return command.run(rest, io);
}

export const serviceCommand: Command = { name: 'service', help: HELP, subcommands: true, run };
