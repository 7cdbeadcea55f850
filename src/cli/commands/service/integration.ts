/**
 * `connector service integration enable-action|disable-action`: one action enabled or disabled on
 * many integrations of a tenant at once (the bulk path, `integrations.setActionMany`): all or
 * nothing, each integration checked as enabling it alone checks it, the first refusal naming its
 * integration. Enabling Import Users queues each integration's first sync. Prints JSON on stdout.
 */
import type { CliIO, Command } from '../../command.js';
import type { FlagSpecs } from '../../args.js';
import { SET_ACTION_MANY_LIMIT } from '../../../service/integrations/integrations.js';
import { cliActor, helpText, storageFlags } from './storage-flags.js';
import { runServiceVerb, type ServiceVerb } from './verb-args.js';

const flags: FlagSpecs = {
  tenant: { kind: 'string', value: '<id>', description: 'the tenant’s id (required)' },
  action: { kind: 'string', value: '<name>', description: 'the action, e.g. importUsers (required)' },
  integration: { kind: 'list', value: '<id>', description: `an application (repeat for several, up to ${SET_ACTION_MANY_LIMIT}; required)` },
  ...storageFlags,
};

const USAGE = [
  'Usage: connector service integration enable-action --tenant <id> --action <name> --integration <id>...',
  '       connector service integration disable-action --tenant <id> --action <name> --integration <id>...',
].join('\n');

const setMany = (enabled: boolean): ServiceVerb => {
  return async (service, parsed) => {
    const input = { tenantId: parsed.strings.tenant!, action: parsed.strings.action!, integrationIds: parsed.lists.integration!, enabled };
    await service.integrations.setActionMany({ ...input, actor: cliActor() });
    return { action: input.action, enabled, integrationIds: input.integrationIds };
  };
};

const VERBS: Record<string, ServiceVerb> = { 'enable-action': setMany(true), 'disable-action': setMany(false) };

function run(args: string[], io: CliIO): Promise<number> {
  return runServiceVerb({ args, verbs: VERBS, flags, usage: USAGE, io, required: () => ['tenant', 'action', 'integration'] });
}

export const integrationCommand: Command = {
  name: 'service integration',
  help: helpText(USAGE, flags, [
    'Enables or disables one action on many integrations at once, all or nothing (the first refusal names its integration and nothing is saved); prints JSON.',
    'Enabling importUsers queues each integration’s first sync, carried out by the workers of `service start` or `service worker`.',
    'Beside a running `service start` on the embedded database, it goes through the service’s admin API.',
  ]),
  run,
};
