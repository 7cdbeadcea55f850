/**
 * `connector service review <verb>`: access review campaigns from a shell (issue 28), the same
 * service operations as /v1/reviews. `create`, `start` (it waits for fresh syncs: run it again, or
 * name `--without` integrations), `decide` one item or many by a filter, `removed-by-hand`, `close`;
 * `list`, `show` (the campaign and its items) and `report` (CSV, formulas neutralised, JSON, or the printable HTML page) read.
 * A CLI decision is an operator's act: it decides as an admin would. Prints JSON (report: CSV) on stdout.
 */
import type { CliIO, Command } from '../../command.js';
import type { FlagSpecs, ParsedArgs } from '../../args.js';
import { ServiceError } from '../../../service/service-error.js';
import { cliActor, helpText, storageFlags } from './storage-flags.js';
import { runServiceVerb, type ServiceVerb } from './verb-args.js';
import { RawText } from './print-result.js';
import { counted } from '../../../service/counted.js';

const flags: FlagSpecs = {
  tenant: { kind: 'string', value: '<id>', description: 'the tenant’s id (required)' },
  campaign: { kind: 'string', value: '<id>', description: 'the campaign (show, start, decide, removed-by-hand, close, report)' },
  name: { kind: 'string', value: '<name>', description: 'create: the campaign’s name' },
  due: { kind: 'string', value: '<ISO time>', description: 'create: when the campaign is due, e.g. 2026-12-31T17:00:00Z' },
  reviewer: {
    kind: 'list',
    value: '<name>[=<integration id>]',
    description: 'create: a reviewer (operator username or token name), of every integration or of one',
  },
  integration: { kind: 'list', value: '<id>', description: 'create: an integration in scope (default every one); decide: the filter’s integration' },
  without: { kind: 'list', value: '<id>', description: 'start: start without this integration (an explicit choice)' },
  item: { kind: 'string', value: '<id>', description: 'decide, removed-by-hand: the item' },
  decision: { kind: 'string', value: 'keep|revoke|link', description: 'decide: the decision (many: keep or revoke)' },
  person: { kind: 'string', value: '<id>', description: 'decide link: the person to link' },
  comment: { kind: 'string', value: '<text>', description: 'decide, removed-by-hand: a comment' },
  admin: { kind: 'string', value: 'true|false', description: 'decide without --item: filter on admin accounts' },
  linked: { kind: 'string', value: 'true|false', description: 'decide without --item: filter on accounts linked to a person' },
  format: { kind: 'string', value: 'csv|json|html', description: 'report: CSV (default), JSON, or the printable HTML page' },
  ...storageFlags,
};

const USAGE = [
  'Usage: connector service review create --tenant <id> --name <name> --due <time> --reviewer <name>[=<integration>]... [--integration <id>...]',
  '       connector service review list --tenant <id>',
  '       connector service review show|close --tenant <id> --campaign <id>',
  '       connector service review start --tenant <id> --campaign <id> [--without <integration>...]',
  '       connector service review decide --tenant <id> --campaign <id> --item <id> --decision keep|revoke|link [--person <id>] [--comment <text>]',
  '       connector service review decide --tenant <id> --campaign <id> --decision keep|revoke [--admin true|false] [--linked true|false] [--integration <id>] [--comment <text>]',
  '       connector service review removed-by-hand --tenant <id> --campaign <id> --item <id> [--comment <text>]',
  '       connector service review report --tenant <id> --campaign <id> [--format csv|json|html]',
].join('\n');

/** The flags each verb requires besides --tenant. */
const REQUIRED: Record<string, string[]> = {
  create: ['name', 'due', 'reviewer'],
  list: [],
  show: ['campaign'],
  start: ['campaign'],
  decide: ['campaign', 'decision'],
  'removed-by-hand': ['campaign', 'item'],
  close: ['campaign'],
  report: ['campaign'],
};

function yesNo(parsed: ParsedArgs, flag: 'admin' | 'linked'): boolean | undefined {
  const value = parsed.strings[flag];
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new ServiceError('INVALID_INPUT', `--${flag} must be true or false, not ${JSON.stringify(value)}`, { hint: `e.g. --${flag} false` });
}

/** `--reviewer alice` (every integration) or `--reviewer alice=<integration id>`. */
const reviewersOf = (parsed: ParsedArgs) =>
  parsed.lists.reviewer!.map((entry) => {
    const at = entry.indexOf('=');
    return at < 0 ? { reviewer: entry } : { reviewer: entry.slice(0, at), integrationId: entry.slice(at + 1) };
  });

const VERBS: Record<string, ServiceVerb> = {
  create: (service, parsed) =>
    service.reviews.create({
      tenantId: parsed.strings.tenant!,
      name: parsed.strings.name!,
      dueAt: parsed.strings.due!,
      reviewers: reviewersOf(parsed),
      ...(parsed.lists.integration?.length ? { integrationIds: parsed.lists.integration } : {}),
      actor: cliActor(),
    }),
  list: (service, parsed) => service.reviews.list({ tenantId: parsed.strings.tenant! }),
  show: async (service, parsed) => {
    const input = { tenantId: parsed.strings.tenant!, campaignId: parsed.strings.campaign! };
    const items = await service.reviews.report(input);
    return { ...(await service.reviews.get(input)), items };
  },
  start: async (service, parsed, io) => {
    const campaign = await service.reviews.start({
      tenantId: parsed.strings.tenant!,
      campaignId: parsed.strings.campaign!,
      withoutIntegrations: parsed.lists.without ?? [],
      actor: cliActor(),
    });
    if (campaign.status === 'waiting')
      io.stderr.write(
        `waiting for fresh syncs: ${campaign.waitingFor.map((entry) => `${entry.integrationName} (${entry.reason})`).join('; ')}; run start again\n`,
      );
    return campaign;
  },
  decide: async (service, parsed, io) => {
    const base = { tenantId: parsed.strings.tenant!, campaignId: parsed.strings.campaign!, actor: cliActor() };
    const comment = parsed.strings.comment === undefined ? {} : { comment: parsed.strings.comment };
    if (parsed.strings.item !== undefined)
      return service.reviews.decide({
        ...base,
        itemId: parsed.strings.item,
        decision: parsed.strings.decision as 'keep',
        ...comment,
        ...(parsed.strings.person === undefined ? {} : { personId: parsed.strings.person }),
      });
    const admin = yesNo(parsed, 'admin');
    const linked = yesNo(parsed, 'linked');
    const integrationId = parsed.lists.integration?.[0];
    const decided = await service.reviews.decideMany({
      ...base,
      filter: { ...(admin === undefined ? {} : { admin }), ...(linked === undefined ? {} : { linked }), ...(integrationId ? { integrationId } : {}) },
      decision: parsed.strings.decision as 'keep',
      ...comment,
    });
    io.stderr.write(`decided ${counted(decided.decided, 'undecided item')}\n`);
    return decided;
  },
  'removed-by-hand': (service, parsed) =>
    service.reviews.recordRemovedByHand({
      tenantId: parsed.strings.tenant!,
      campaignId: parsed.strings.campaign!,
      itemId: parsed.strings.item!,
      ...(parsed.strings.comment === undefined ? {} : { comment: parsed.strings.comment }),
      actor: cliActor(),
    }),
  close: (service, parsed) => service.reviews.close({ tenantId: parsed.strings.tenant!, campaignId: parsed.strings.campaign!, actor: cliActor() }),
  report: async (service, parsed) => {
    const input = { tenantId: parsed.strings.tenant!, campaignId: parsed.strings.campaign! };
    const format = parsed.strings.format ?? 'csv';
    if (format === 'json') return service.reviews.report(input);
    if (format === 'html') return new RawText(await service.reviews.reportHtml(input));
    if (format !== 'csv')
      throw new ServiceError('INVALID_INPUT', `--format must be csv, json or html, not ${JSON.stringify(format)}`, { hint: 'leave it out for CSV' });
    return new RawText(await service.reviews.reportCsv(input));
  },
};

function run(args: string[], io: CliIO): Promise<number> {
  return runServiceVerb({ args, verbs: VERBS, flags, usage: USAGE, io, required: (verb) => ['tenant', ...REQUIRED[verb]!] });
}

export const reviewsCommand: Command = {
  name: 'service review',
  help: helpText(USAGE, flags, [
    'Access review campaigns: create, start on fresh data, decide (one item, or every undecided item a filter selects), record a manual removal done by hand, close, and the report.',
    'Beside a running `service start` on the embedded database, it goes through the service’s admin API; with DATABASE_URL, it runs beside the service.',
  ]),
  run,
};
