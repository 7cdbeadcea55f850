/**
 * `connector service tenant create|list`: an operator creates a tenant (printed as JSON) or lists
 * them (JSON lines). create may make a fresh store in a data directory that does not exist yet;
 * list refuses one.
 */
import { EXIT_OK, EXIT_USAGE, type CliIO, type Command } from '../../command.js';
import { cliActor, helpText, parseCreateArgs, parseOrUsage, storageFlags, storageOptions, withService } from './storage-flags.js';
import type { FlagSpecs } from '../../args.js';

const flags: FlagSpecs = {
  name: { kind: 'string', value: '<name>', description: 'create: the tenant’s name (required)' },
  plan: { kind: 'string', value: 'none|standard|business', description: 'create: its plan (default standard)' },
  ...storageFlags,
};
const USAGE = [
  'Usage: connector service tenant create --name <name> [--plan none|standard|business] [--data-dir <dir>]',
  '       connector service tenant list [--data-dir <dir>]',
].join('\n');
async function run(args: string[], io: CliIO): Promise<number> {
  if (args[0] !== 'create' && args[0] !== 'list') {
    io.stderr.write(`error: expected one of create, list\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  const verb = args[0];
  const parsed =
    verb === 'list' ? parseOrUsage({ args: args.slice(1), flags, usage: USAGE, io }) : parseCreateArgs({ args, flags, usage: USAGE, required: 'name', io });
  if (typeof parsed === 'number') return parsed;
  return withService(
    storageOptions(parsed, io),
    io,
    async (service) => {
      if (verb === 'list') {
        for (const tenant of await service.tenants.list()) io.stdout.write(`${JSON.stringify(tenant)}\n`);
        return EXIT_OK;
      }
      const tenant = await service.tenants.create({ name: parsed.strings.name!, plan: (parsed.strings.plan ?? 'standard') as 'standard', actor: cliActor() });
      io.stdout.write(`${JSON.stringify(tenant)}\n`);
      return EXIT_OK;
    },
    { createsStore: verb === 'create' },
  );
}

export const tenantCommand: Command = {
  name: 'service tenant',
  help: helpText(USAGE, flags, ['create prints the new tenant as JSON; give its id to `connector service token create`. list prints one tenant per line.']),
  run,
};
