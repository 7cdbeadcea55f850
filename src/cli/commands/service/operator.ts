/**
 * `connector service operator create|list --tenant <id>`: console operators who sign in with a
 * username and password. create reads the password from standard input (a prompt without echo on
 * a terminal, else the first line piped in), never from a flag, and prints the operator as JSON
 * (never the password or its hash); list prints the tenant's operators as JSON lines.
 */
import { EXIT_OK, type CliIO, type Command } from '../../command.js';
import { cliActor, helpText, storageFlags, storageOptions, withService } from './storage-flags.js';
import { parseVerbArgs } from './verb-args.js';
import type { FlagSpecs } from '../../args.js';
import { readPassword } from './read-password.js';

const flags: FlagSpecs = {
  tenant: { kind: 'string', value: '<id>', description: 'the tenant’s id (required)' },
  username: { kind: 'string', value: '<name>', description: 'create: the sign-in name, unique across the service (required)' },
  role: {
    kind: 'string',
    value: 'admin|reviewer|viewer',
    description: 'create: admin configures, viewer reads, reviewer reads and decides in the review campaigns that name it (default viewer)',
  },
  ...storageFlags,
};
const USAGE = [
  'Usage: connector service operator create --tenant <id> --username <name> [--role admin|reviewer|viewer] [--data-dir <dir>]   (password on stdin or prompted)',
  '       connector service operator list --tenant <id> [--data-dir <dir>]',
].join('\n');
const REQUIRED: Record<string, string[]> = { create: ['tenant', 'username'], list: ['tenant'] };

async function run(args: string[], io: CliIO): Promise<number> {
  const given = parseVerbArgs({ args, verbs: REQUIRED, flags, usage: USAGE, io, required: (verb) => REQUIRED[verb]! });
  if (typeof given === 'number') return given;
  const { verb, parsed } = given;
  const tenantId = parsed.strings.tenant!;
  // Read before opening the storage, so a prompt does not hold the embedded database's lock.
  const password = verb === 'create' ? await readPassword(io) : '';
  return withService(storageOptions(parsed, io), io, async (service) => {
    if (verb === 'list') {
      for (const operator of await service.operators.list({ tenantId })) io.stdout.write(`${JSON.stringify(operator)}\n`);
      return EXIT_OK;
    }
    const created = await service.operators.create({
      tenantId,
      username: parsed.strings.username!,
      password,
      role: (parsed.strings.role ?? 'viewer') as 'viewer',
      actor: cliActor(),
    });
    io.stderr.write(`${created.role} operator ${created.username} of tenant ${created.tenantId}: signs in to the console with the username and password\n`);
    io.stdout.write(`${JSON.stringify(created)}\n`);
    return EXIT_OK;
  });
}

export const operatorCommand: Command = {
  name: 'service operator',
  help: helpText(USAGE, flags, [
    'create reads the password from standard input (prompted without echo on a terminal); it is stored only as an scrypt hash and never printed.',
  ]),
  run,
};
