/**
 * `connector service token create --tenant <id> --role admin|viewer`: prints a new API token of
 * the tenant on stdout, once (only its hash is stored), and what it is on stderr.
 */
import { EXIT_OK, type CliIO, type Command } from '../../command.js';
import { cliActor, helpText, parseCreateArgs, storageFlags, storageOptions, withService } from './storage-flags.js';
import type { FlagSpecs } from '../../args.js';

const flags: FlagSpecs = {
  tenant: { kind: 'string', value: '<id>', description: 'the tenant’s id (required)' },
  role: { kind: 'string', value: 'admin|viewer', description: 'admin configures, viewer reads (default viewer)' },
  name: { kind: 'string', value: '<name>', description: 'a name to tell tokens apart in the audit log' },
  ...storageFlags,
};
const USAGE = 'Usage: connector service token create --tenant <id> [--role admin|viewer] [--name <name>] [--data-dir <dir>]';

async function run(args: string[], io: CliIO): Promise<number> {
  const parsed = parseCreateArgs({ args, flags, usage: USAGE, required: 'tenant', io });
  if (typeof parsed === 'number') return parsed;
  return withService(storageOptions(parsed, io), io, async (service) => {
    const created = await service.tokens.create({ tenantId: parsed.strings.tenant!, role: (parsed.strings.role ?? 'viewer') as 'viewer', name: parsed.strings.name, actor: cliActor() });
    io.stderr.write(`${created.role} token ${created.tokenId} of tenant ${created.tenantId}; shown once, keep it now:\n`);
    io.stdout.write(`${created.token}\n`);
    return EXIT_OK;
  });
}

export const tokenCommand: Command = { name: 'service token', help: helpText(USAGE, flags, ['The token is printed once on stdout; only its SHA-256 is stored.']), run };
