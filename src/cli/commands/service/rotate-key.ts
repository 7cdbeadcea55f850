/**
 * `connector service rotate-key`: re-wraps every tenant's data key under a new key-encryption key
 * in one transaction. With the data directory's key file a new key is generated and replaces it;
 * with CONNECTOR_KEK the new key is read from CONNECTOR_NEW_KEK (never a flag: it is a secret),
 * and every process must then restart with CONNECTOR_KEK set to it.
 */
import { EXIT_OK, type CliIO, type Command } from '../../command.js';
import { cliActor, helpText, parseOrUsage, storageFlags, storageOptions, withService } from './storage-flags.js';

const NEW_KEK_ENV = 'CONNECTOR_NEW_KEK';
const USAGE = 'Usage: connector service rotate-key [--data-dir <dir>]';

async function run(args: string[], io: CliIO): Promise<number> {
  const parsed = parseOrUsage({ args, flags: storageFlags, usage: USAGE, io });
  if (typeof parsed === 'number') return parsed;
  return withService(
    storageOptions(parsed, io),
    io,
    async (service) => {
      const rotation = await service.rotateKey({ newKek: io.env[NEW_KEK_ENV] || undefined, actor: cliActor() });
      io.stdout.write(`key rotated: version ${rotation.version}, ${rotation.tenants} tenant data key${rotation.tenants === 1 ? '' : 's'} re-wrapped\n`);
      if (io.env.CONNECTOR_KEK) io.stderr.write(`restart every service process with CONNECTOR_KEK set to the value of ${NEW_KEK_ENV}\n`);
      return EXIT_OK;
    },
    { storageOnly: true },
  );
}

export const rotateKeyCommand: Command = {
  name: 'service rotate-key',
  help: helpText(USAGE, storageFlags, [`With CONNECTOR_KEK set, give the new key (32 bytes, base64) in ${NEW_KEK_ENV}.`]),
  run,
};
