/**
 * `connector service workflow <verb>`: the operator's side of lifecycle workflows from a shell.
 * `onboard`, `offboard`, `run-action` and `add-users` start workflows (each with an idempotency
 * key: `--key`, else a new one that is printed so the command can be repeated safely); `list`,
 * `show`, `cancel` and `retry` read and steer them. Prints JSON on stdout. The tasks run in the
 * service's workers (`service start` or `service worker`), not in this command.
 */
import type { CliIO, Command } from '../../command.js';
import type { FlagSpecs, ParsedArgs } from '../../args.js';
import { cliActor, helpText, storageFlags } from './storage-flags.js';
import { idempotencyKey, runServiceVerb, type ServiceVerb } from './verb-args.js';
import { ServiceError } from '../../../service/service-error.js';

const flags: FlagSpecs = {
  tenant: { kind: 'string', value: '<id>', description: 'the tenant’s id (required)' },
  person: { kind: 'string', value: '<id>', description: 'the person (onboard, offboard, run-action; filter of list)' },
  integration: { kind: 'list', value: '<id>', description: 'an application (repeat for several: onboard; one: run-action, add-users)' },
  people: { kind: 'list', value: '<id>', description: 'a person to add (add-users; repeat for several)' },
  action: { kind: 'string', value: '<name>', description: 'the action to run (run-action)' },
  var: {
    kind: 'list',
    value: '<name=value>',
    description: 'a variable the custom action declares (run-action, retry; repeat for several; numbers and true/false as text)',
  },
  'activate-at': {
    kind: 'string',
    value: '<ISO time>',
    description: 'when to activate the created accounts, created inactive until then (onboard, add-users; default at once)',
  },
  key: { kind: 'string', value: '<key>', description: 'idempotency key: the same key and request start one workflow (default: a new one, printed)' },
  workflow: { kind: 'string', value: '<id>', description: 'the workflow (show, cancel, retry)' },
  task: { kind: 'string', value: '<id>', description: 'the failed task to retry (retry)' },
  status: { kind: 'string', value: '<status>', description: 'filter of list: running, succeeded, needs_attention, cancelled' },
  ...storageFlags,
};

const USAGE = [
  'Usage: connector service workflow onboard --tenant <id> --person <id> --integration <id>... [--activate-at <time>] [--key <key>]',
  '       connector service workflow offboard --tenant <id> --person <id> [--key <key>]',
  '       connector service workflow run-action --tenant <id> --person <id> --integration <id> --action <name> [--var <name=value>...] [--key <key>]',
  '       connector service workflow add-users --tenant <id> --integration <id> --people <id>... [--activate-at <time>] [--key <key>]',
  '       connector service workflow list --tenant <id> [--status <status>] [--person <id>]',
  '       connector service workflow show|cancel --tenant <id> --workflow <id>',
  '       connector service workflow retry --tenant <id> --workflow <id> --task <id> [--var <name=value>...]',
].join('\n');

/** The flags each verb requires besides --tenant. */
const REQUIRED: Record<string, string[]> = {
  onboard: ['person', 'integration'],
  offboard: ['person'],
  'run-action': ['person', 'integration', 'action'],
  'add-users': ['integration', 'people'],
  list: [],
  show: ['workflow'],
  cancel: ['workflow'],
  retry: ['workflow', 'task'],
};

/** What repeating a printed idempotency key does. */
const KEY_REPEATS = 'return this workflow instead of starting another';

/** `--var name=value`, each once: the custom action's variables, checked by the service against what the action declares. */
function varsOf(parsed: ParsedArgs): Record<string, string> | undefined {
  const given = parsed.lists.var;
  if (given === undefined || given.length === 0) return undefined;
  const vars: Record<string, string> = {};
  for (const item of given) {
    const at = item.indexOf('=');
    if (at < 1) throw new ServiceError('INVALID_INPUT', `--var ${JSON.stringify(item)} is not name=value`, { hint: 'e.g. --var assetTag=LAPTOP-42' });
    const name = item.slice(0, at);
    if (Object.hasOwn(vars, name)) throw new ServiceError('INVALID_INPUT', `--var ${name} is given twice`, { hint: 'give each variable once' });
    vars[name] = item.slice(at + 1);
  }
  return vars;
}

const VERBS: Record<string, ServiceVerb> = {
  onboard: (service, parsed, io) =>
    service.workflows.startOnboarding({
      tenantId: parsed.strings.tenant!,
      personId: parsed.strings.person!,
      integrationIds: parsed.lists.integration!,
      activateAt: parsed.strings['activate-at'],
      idempotencyKey: idempotencyKey(parsed, io, KEY_REPEATS),
      actor: cliActor(),
    }),
  offboard: (service, parsed, io) =>
    service.workflows.startOffboarding({
      tenantId: parsed.strings.tenant!,
      personId: parsed.strings.person!,
      idempotencyKey: idempotencyKey(parsed, io, KEY_REPEATS),
      actor: cliActor(),
    }),
  'run-action': (service, parsed, io) =>
    service.workflows.startProvisionerAction({
      tenantId: parsed.strings.tenant!,
      personId: parsed.strings.person!,
      integrationId: parsed.lists.integration![0]!,
      action: parsed.strings.action!,
      vars: varsOf(parsed),
      idempotencyKey: idempotencyKey(parsed, io, KEY_REPEATS),
      actor: cliActor(),
    }),
  'add-users': async (service, parsed, io) => {
    const added = await service.workflows.addUsers({
      tenantId: parsed.strings.tenant!,
      integrationId: parsed.lists.integration![0]!,
      personIds: parsed.lists.people!,
      idempotencyKey: idempotencyKey(parsed, io, KEY_REPEATS),
      actor: cliActor(),
      ...(parsed.strings['activate-at'] ? { activateAt: parsed.strings['activate-at'] } : {}),
    });
    io.stderr.write(`${added.message}\n`);
    return added;
  },
  list: (service, parsed) =>
    service.workflows.list({ tenantId: parsed.strings.tenant!, status: parsed.strings.status, personId: parsed.strings.person, limit: 500 }),
  show: (service, parsed) => service.workflows.get({ tenantId: parsed.strings.tenant!, workflowId: parsed.strings.workflow! }),
  cancel: (service, parsed) => service.workflows.cancel({ tenantId: parsed.strings.tenant!, workflowId: parsed.strings.workflow!, actor: cliActor() }),
  retry: (service, parsed) =>
    service.workflows.retryTask({
      tenantId: parsed.strings.tenant!,
      workflowId: parsed.strings.workflow!,
      taskId: parsed.strings.task!,
      vars: varsOf(parsed),
      actor: cliActor(),
    }),
};

function run(args: string[], io: CliIO): Promise<number> {
  return runServiceVerb({ args, verbs: VERBS, flags, usage: USAGE, io, required: (verb) => ['tenant', ...REQUIRED[verb]!] });
}

export const workflowCommand: Command = {
  name: 'service workflow',
  help: helpText(USAGE, flags, [
    'Starts, lists and steers lifecycle workflows; prints JSON. Tasks run in the service’s workers.',
    'Beside a running `service start` on the embedded database, it goes through the service’s admin API; with DATABASE_URL, it runs beside the service.',
  ]),
  run,
};
