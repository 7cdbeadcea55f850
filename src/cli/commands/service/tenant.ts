/** `connector service tenant create --name <name> --plan <plan>`: an operator creates a tenant; prints it as JSON. */
import { EXIT_OK, type CliIO, type Command } from '../../command.js';
import { cliActor, helpText, parseCreateArgs, storageFlags, storageOptions, withService } from './storage-flags.js';
import type { FlagSpecs } from '../../args.js';

const flags: FlagSpecs = {
  name: { kind: 'string', value: '<name>', description: 'the tenant’s name (required)' },
  plan: { kind: 'string', value: 'none|standard|business', description: 'its plan (default standard)' },
  ...storageFlags,
};
const USAGE = 'Usage: connector service tenant create --name <name> [--plan none|standard|business] [--data-dir <dir>]';

async function run(args: string[], io: CliIO): Promise<number> {
  const parsed = parseCreateArgs({ args, flags, usage: USAGE, required: 'name', io });
  if (typeof parsed === 'number') return parsed;
  return withService(storageOptions(parsed, io), io, async (service) => {
    const tenant = await service.tenants.create({ name: parsed.strings.name!, plan: (parsed.strings.plan ?? 'standard') as 'standard', actor: cliActor() });
    io.stdout.write(`${JSON.stringify(tenant)}\n`);
    return EXIT_OK;
  });
}

export const tenantCommand: Command = { name: 'service tenant', help: helpText(USAGE, flags, ['Prints the new tenant as JSON; give its id to `connector service token create`.']), run };
