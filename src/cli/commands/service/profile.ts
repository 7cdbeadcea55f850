/**
 * `connector service profile <verb>`: access profiles and moves from a shell (docs/operators/movers.md).
 * `list`, `show`, `create`, `edit`, `archive` and `restore` keep the profiles; `person` lists a
 * person's profiles, `preview` answers a move's difference (nothing changes), `move` confirms it
 * (one workflow, with an idempotency key: `--key`, else a new one that is printed), `assign` gives
 * a profile to several people (one workflow each) and `drift` lists accounts outside people's
 * profiles. Prints JSON on stdout; the workflows run in the service's workers.
 */
import type { CliIO, Command } from '../../command.js';
import type { FlagSpecs, ParsedArgs } from '../../args.js';
import { ServiceError } from '../../../service/service-error.js';
import { cliActor, helpText, storageFlags } from './storage-flags.js';
import { idempotencyKey, runServiceVerb, type ServiceVerb } from './verb-args.js';

const flags: FlagSpecs = {
  tenant: { kind: 'string', value: '<id>', description: 'the tenant’s id (required)' },
  profile: { kind: 'list', value: '<id>', description: 'a profile (show, edit, archive, restore, assign: one; preview, move: each the person will hold)' },
  name: { kind: 'string', value: '<name>', description: 'the profile’s name (create, edit)' },
  application: {
    kind: 'list',
    value: '<integration id>[:admin]',
    description: 'an application of the profile; `:admin` creates its accounts as admins (create, edit: replaces the applications)',
  },
  'no-applications': { kind: 'boolean', description: 'edit: the profile gives no application' },
  person: { kind: 'string', value: '<id>', description: 'the person (person, preview, move)' },
  people: { kind: 'list', value: '<id or email>', description: 'a person to give the profile (assign)' },
  'remove-drift': { kind: 'boolean', description: 'preview, move: also remove accounts in applications no profile gives' },
  'include-archived': { kind: 'boolean', description: 'list: archived profiles too' },
  key: { kind: 'string', value: '<key>', description: 'idempotency key of move and assign (default: a new one, printed)' },
  limit: { kind: 'string', value: '<n>', description: 'drift: at most this many accounts (1 to 1000)' },
  ...storageFlags,
};

const USAGE = [
  'Usage: connector service profile list --tenant <id> [--include-archived]',
  '       connector service profile show|archive|restore --tenant <id> --profile <id>',
  '       connector service profile create --tenant <id> --name <name> [--application <integration id>[:admin]...]',
  '       connector service profile edit --tenant <id> --profile <id> [--name <name>] [--application <integration id>[:admin]... | --no-applications]',
  '       connector service profile person --tenant <id> --person <id>',
  '       connector service profile preview|move --tenant <id> --person <id> [--profile <id>...] [--remove-drift] [--key <key>]',
  '       connector service profile assign --tenant <id> --profile <id> --people <id or email>... [--key <key>]',
  '       connector service profile drift --tenant <id> [--limit <n>]',
].join('\n');

/** The flags each verb requires besides --tenant. */
const REQUIRED: Record<string, string[]> = {
  list: [],
  show: ['profile'],
  create: ['name'],
  edit: ['profile'],
  archive: ['profile'],
  restore: ['profile'],
  person: ['person'],
  preview: ['person'],
  move: ['person'],
  assign: ['profile', 'people'],
  drift: [],
};

/** What repeating a printed idempotency key does. */
const KEY_REPEATS = 'return the same workflows instead of starting others';

/** `--application <id>` or `<id>:admin`, each once. */
function applicationsOf(parsed: ParsedArgs): { integrationId: string; options?: { admin: boolean } }[] {
  return (parsed.lists.application ?? []).map((item) => {
    const admin = item.endsWith(':admin');
    const integrationId = admin ? item.slice(0, -':admin'.length) : item;
    if (integrationId === '' || integrationId.includes(':'))
      throw new ServiceError('INVALID_INPUT', `--application ${JSON.stringify(item)} is not <integration id> or <integration id>:admin`, {
        hint: 'e.g. --application 3f2…:admin',
      });
    return { integrationId, ...(admin ? { options: { admin: true } } : {}) };
  });
}

/** The one profile of a verb that takes one. */
function oneProfile(parsed: ParsedArgs): string {
  const given = parsed.lists.profile ?? [];
  if (given.length !== 1) throw new ServiceError('INVALID_INPUT', '--profile is given more than once', { hint: 'this verb takes one profile' });
  return given[0]!;
}

const tenantOf = (parsed: ParsedArgs) => parsed.strings.tenant!;

const VERBS: Record<string, ServiceVerb> = {
  list: (service, parsed) => service.movers.listProfiles({ tenantId: tenantOf(parsed), includeArchived: parsed.booleans['include-archived'] === true }),
  show: (service, parsed) => service.movers.getProfile({ tenantId: tenantOf(parsed), profileId: oneProfile(parsed) }),
  create: (service, parsed) =>
    service.movers.createProfile({ tenantId: tenantOf(parsed), name: parsed.strings.name!, applications: applicationsOf(parsed), actor: cliActor() }),
  edit: (service, parsed) => {
    const applications = parsed.booleans['no-applications'] ? [] : parsed.lists.application ? applicationsOf(parsed) : undefined;
    if (parsed.booleans['no-applications'] && parsed.lists.application)
      throw new ServiceError('INVALID_INPUT', '--no-applications and --application are given together', { hint: 'give one of them' });
    if (parsed.strings.name === undefined && applications === undefined)
      throw new ServiceError('INVALID_INPUT', 'edit needs --name, --application or --no-applications', { hint: 'say what changes' });
    return service.movers.updateProfile({
      tenantId: tenantOf(parsed),
      profileId: oneProfile(parsed),
      ...(parsed.strings.name === undefined ? {} : { name: parsed.strings.name }),
      ...(applications === undefined ? {} : { applications }),
      actor: cliActor(),
    });
  },
  archive: (service, parsed) => service.movers.updateProfile({ tenantId: tenantOf(parsed), profileId: oneProfile(parsed), archived: true, actor: cliActor() }),
  restore: (service, parsed) => service.movers.updateProfile({ tenantId: tenantOf(parsed), profileId: oneProfile(parsed), archived: false, actor: cliActor() }),
  person: (service, parsed) => service.movers.personProfiles({ tenantId: tenantOf(parsed), personId: parsed.strings.person! }),
  preview: (service, parsed) =>
    service.movers.planMove({
      tenantId: tenantOf(parsed),
      personId: parsed.strings.person!,
      profileIds: parsed.lists.profile ?? [],
      removeDrift: parsed.booleans['remove-drift'] === true,
    }),
  move: (service, parsed, io) =>
    service.movers.applyMove({
      tenantId: tenantOf(parsed),
      personId: parsed.strings.person!,
      profileIds: parsed.lists.profile ?? [],
      removeDrift: parsed.booleans['remove-drift'] === true,
      idempotencyKey: idempotencyKey(parsed, io, KEY_REPEATS),
      actor: cliActor(),
    }),
  assign: async (service, parsed, io) => {
    const given = await service.movers.assignProfile({
      tenantId: tenantOf(parsed),
      profileId: oneProfile(parsed),
      people: parsed.lists.people!,
      idempotencyKey: idempotencyKey(parsed, io, KEY_REPEATS),
      actor: cliActor(),
    });
    io.stderr.write(`${given.message}\n`);
    return given;
  },
  drift: (service, parsed) => {
    const limit = parsed.strings.limit;
    if (limit !== undefined && !/^\d{1,4}$/.test(limit))
      throw new ServiceError('INVALID_INPUT', `--limit ${JSON.stringify(limit)} is not a whole number`, { hint: 'e.g. --limit 100' });
    return service.movers.drift({ tenantId: tenantOf(parsed), ...(limit === undefined ? {} : { limit: Number(limit) }) });
  },
};

function run(args: string[], io: CliIO): Promise<number> {
  return runServiceVerb({ args, verbs: VERBS, flags, usage: USAGE, io, required: (verb) => ['tenant', ...REQUIRED[verb]!] });
}

export const profileCommand: Command = {
  name: 'service profile',
  help: helpText(USAGE, flags, [
    'Access profiles and moves (movers): keeps profiles, previews and confirms a person’s move, gives a profile to several people, lists drift; prints JSON.',
    'Beside a running `service start` on the embedded database, it goes through the service’s admin API; with DATABASE_URL, it runs beside the service.',
  ]),
  run,
};
