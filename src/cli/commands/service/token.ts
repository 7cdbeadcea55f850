/**
 * `connector service token create|list|revoke --tenant <id>`: an operator's tenant API tokens.
 * create prints a new token on stdout, once (only its hash is stored), and what it is on stderr;
 * list prints the tenant's tokens as JSON lines (id, name, role, times: never a token); revoke
 * refuses the token from the next request on.
 */
import { EXIT_OK, EXIT_USAGE, type CliIO, type Command } from '../../command.js';
import { cliActor, helpText, parseOrUsage, storageFlags, storageOptions, withService } from './storage-flags.js';
import type { FlagSpecs } from '../../args.js';

const flags: FlagSpecs = {
  tenant: { kind: 'string', value: '<id>', description: 'the tenant’s id (required)' },
  role: {
    kind: 'string',
    value: 'admin|reviewer|viewer',
    description: 'create: admin configures, viewer reads, reviewer reads and decides in the review campaigns that name it (default viewer)',
  },
  name: { kind: 'string', value: '<name>', description: 'create: a name to tell tokens apart in the audit log' },
  'token-id': { kind: 'string', value: '<id>', description: 'revoke: the id of the token (from `token list`; required)' },
  ...storageFlags,
};
const USAGE = [
  'Usage: connector service token create --tenant <id> [--role admin|reviewer|viewer] [--name <name>] [--data-dir <dir>]',
  '       connector service token list --tenant <id> [--data-dir <dir>]',
  '       connector service token revoke --tenant <id> --token-id <id> [--data-dir <dir>]',
].join('\n');
const VERBS = ['create', 'list', 'revoke'] as const;

async function run(args: string[], io: CliIO): Promise<number> {
  const verb = args[0];
  if (!(VERBS as readonly (string | undefined)[]).includes(verb)) {
    io.stderr.write(`error: expected one of ${VERBS.join(', ')}\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  const parsed = parseOrUsage({ args: args.slice(1), flags, usage: USAGE, io });
  if (typeof parsed === 'number') return parsed;
  const required = verb === 'revoke' ? ['tenant', 'token-id'] : ['tenant'];
  const missing = required.find((flag) => parsed.strings[flag] === undefined);
  if (missing) {
    io.stderr.write(`error: --${missing} is required\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  const tenantId = parsed.strings.tenant!;
  return withService(storageOptions(parsed, io), io, async (service) => {
    if (verb === 'list') {
      for (const token of await service.tokens.list({ tenantId })) io.stdout.write(`${JSON.stringify(token)}\n`);
      return EXIT_OK;
    }
    if (verb === 'revoke') {
      const revoked = await service.tokens.revoke({ tenantId, tokenId: parsed.strings['token-id']!, actor: cliActor() });
      io.stderr.write(`${revoked.role} token ${revoked.tokenId} (${revoked.name}) of tenant ${revoked.tenantId} revoked at ${revoked.revokedAt}\n`);
      return EXIT_OK;
    }
    const created = await service.tokens.create({
      tenantId,
      role: (parsed.strings.role ?? 'viewer') as 'viewer',
      name: parsed.strings.name,
      actor: cliActor(),
    });
    io.stderr.write(`${created.role} token ${created.tokenId} of tenant ${created.tenantId}; shown once, keep it now:\n`);
    io.stdout.write(`${created.token}\n`);
    return EXIT_OK;
  });
}

export const tokenCommand: Command = {
  name: 'service token',
  help: helpText(USAGE, flags, [
    'create prints the token once on stdout; only its SHA-256 is stored. list never prints a token. A revoked token is refused from its next request.',
  ]),
  run,
};
