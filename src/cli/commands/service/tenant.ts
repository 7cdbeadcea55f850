/**
 * `connector service tenant create|list|show|set-plan`: an operator creates a tenant (printed as
 * JSON), lists them (JSON lines), shows one, or changes its plan (audited as
 * `tenant.plan_changed`; the plan is one of PLANS, the one list of plans). create may make a fresh
 * store in a data directory that does not exist yet; the others refuse one.
 */
import { EXIT_OK, EXIT_USAGE, type CliIO, type Command } from '../../command.js';
import { isPlan, PLANS, type Plan } from '../../../service/tenants/plans.js';
import type { Service } from '../../../service/open-service.js';
import type { FlagSpecs, ParsedArgs } from '../../args.js';
import { cliActor, helpText, parseCreateArgs, storageFlags, storageOptions, withService } from './storage-flags.js';
import { parseVerbArgs } from './verb-args.js';

const PLAN_VALUE = PLANS.join('|');

const flags: FlagSpecs = {
  name: { kind: 'string', value: '<name>', description: 'create: the tenant’s name (required)' },
  plan: { kind: 'string', value: PLAN_VALUE, description: 'create: its plan (default standard); set-plan: the new plan (required)' },
  tenant: { kind: 'string', value: '<id>', description: 'show, set-plan: the tenant’s id (required)' },
  ...storageFlags,
};
const USAGE = [
  `Usage: connector service tenant create --name <name> [--plan ${PLAN_VALUE}] [--data-dir <dir>]`,
  '       connector service tenant list [--data-dir <dir>]',
  '       connector service tenant show --tenant <id> [--data-dir <dir>]',
  `       connector service tenant set-plan --tenant <id> --plan ${PLAN_VALUE} [--data-dir <dir>]`,
].join('\n');

type Verb = (service: Service, parsed: ParsedArgs, io: CliIO) => Promise<number>;

const print = (io: CliIO, value: unknown) => io.stdout.write(`${JSON.stringify(value)}\n`);

const VERBS: Record<string, Verb> = {
  create: async (service, parsed, io) => {
    print(io, await service.tenants.create({ name: parsed.strings.name!, plan: (parsed.strings.plan ?? 'standard') as Plan, actor: cliActor() }));
    return EXIT_OK;
  },
  list: async (service, _parsed, io) => {
    for (const tenant of await service.tenants.list()) print(io, tenant);
    return EXIT_OK;
  },
  show: async (service, parsed, io) => {
    print(io, await service.tenants.get(parsed.strings.tenant!));
    return EXIT_OK;
  },
  'set-plan': async (service, parsed, io) => {
    print(io, await service.tenants.setPlan({ tenantId: parsed.strings.tenant!, plan: parsed.strings.plan as Plan, actor: cliActor() }));
    return EXIT_OK;
  },
};

const REQUIRED: Record<string, string[]> = { create: [], list: [], show: ['tenant'], 'set-plan': ['tenant', 'plan'] };

async function run(args: string[], io: CliIO): Promise<number> {
  let verb: string;
  let parsed: ParsedArgs;
  if (args[0] === 'create') {
    const created = parseCreateArgs({ args, flags, usage: USAGE, required: 'name', io });
    if (typeof created === 'number') return created;
    verb = 'create';
    parsed = created;
  } else {
    const chosen = parseVerbArgs({ args, verbs: VERBS, flags, usage: USAGE, io, required: (name) => REQUIRED[name] ?? [] });
    if (typeof chosen === 'number') return chosen;
    verb = chosen.verb;
    parsed = chosen.parsed;
  }
  // The plan is checked before the storage opens, against the one list of plans.
  const plan = parsed.strings.plan;
  if (plan !== undefined && !isPlan(plan)) {
    io.stderr.write(`error: --plan must be one of ${PLANS.join(', ')}, not ${JSON.stringify(plan)}\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  return withService(storageOptions(parsed, io), io, (service) => VERBS[verb]!(service, parsed, io), { createsStore: verb === 'create' });
}

export const tenantCommand: Command = {
  name: 'service tenant',
  help: helpText(USAGE, flags, [
    'create prints the new tenant as JSON; give its id to `connector service token create`. list prints one tenant per line; show prints one.',
    'set-plan changes the tenant’s plan (recorded in its audit log as tenant.plan_changed) and prints the tenant.',
  ]),
  run,
};
