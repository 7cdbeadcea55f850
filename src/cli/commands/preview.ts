/**
 * `connector preview <connector>`: the service's Preview. Applies the import's records path and
 * mapping to one page — fetched live, or read from `--response` — and shows every mapped account
 * with its problems, so an author sees a bad mapping before an import skips records. With
 * `--payload <action>` it renders a write request without sending it.
 */
import type { PreviewRecord, PreviewResult } from '../../index.js';
import { formatFlagHelp, parseArgs, UsageError, type FlagSpecs, type ParsedArgs } from '../args.js';
import { EXIT_FAILED, EXIT_OK, type CliIO, type Command } from '../command.js';
import { reportFailure } from '../format-error.js';
import { stringifyJson } from '../format-json.js';
import { formatRenderedAction } from '../format-request.js';
import { formatTable, shouldUseColor } from '../format-table.js';
import { actionVariables, checkVariableFlags } from '../action-subject.js';
import { readJsonFile } from '../inputs.js';
import { classifyAction, SESSION_FLAGS, openSession, redactEnvironmentIO, resolveConnector, type OperatorSession } from '../resolve-connector.js';

const USAGE = [
  'Usage: connector preview <connector> [--response <file.json>] [--json] [--inputs <file.json>] [--base-url <url>]',
  '       connector preview <connector> --payload <action> [--person <file.json> | --actor-email <email> --actor-name <name>] [--account <account>] [--vars <file.json>] [--json]',
].join('\n');

const FLAGS: FlagSpecs = {
  ...SESSION_FLAGS,
  response: { kind: 'string', value: '<file.json>', description: 'map this saved import response instead of fetching the first page' },
  payload: { kind: 'string', value: '<action>', description: 'render the request of a write action (e.g. createUser) without sending it' },
  person: { kind: 'string', value: '<file.json>', description: 'with --payload createUser: the person' },
  account: {
    kind: 'string',
    value: '<account>',
    description:
      'with --payload activateUser, deactivateUser, deleteUser: the account: its id, its fields (id=…,login=…), a JSON file, or a line of importUsers --ndjson',
  },
  vars: { kind: 'string', value: '<file.json>', description: 'with --payload <custom action>: its variables' },
  json: { kind: 'boolean', description: 'print the preview as JSON' },
};

const HELP = `${USAGE}

Applies the importUsers records path and mapping to the first page of the target's users (or to
a saved response given with --response) and prints each mapped account with a PROBLEMS column:
missing email, missing or non-string name, empty or non-string id, duplicate id. Records without
an id are never imported.

With --payload <action> it renders that action's request (method, URL, headers redacted, body)
without sending it, e.g. the createUser payload for a person; without --person, createUser is
rendered for the operator given with --actor-email and --actor-name (as the service's Preview
uses the logged-in user).

Options:
${formatFlagHelp(FLAGS)}

Exit codes: 0 every record has an id, 1 a record has no usable id (or the request failed, or the
spec is invalid), 2 bad usage or missing inputs.
`;

const BASE_COLUMNS = ['id', 'email', 'name'];

function printRecords(io: CliIO, records: PreviewRecord[]): void {
  const extras = [...new Set(records.flatMap((record) => Object.keys(record.account ?? {})))].filter((key) => !BASE_COLUMNS.includes(key));
  const keys = [...BASE_COLUMNS, ...extras];
  io.stdout.write(
    formatTable({
      columns: [{ header: '#' }, ...keys.map((key) => ({ header: key.toUpperCase() })), { header: 'PROBLEMS', tone: 'warning' as const, maxWidth: 60 }],
      rows: records.map((record) => [record.index, ...keys.map((key) => record.account?.[key]), record.problems.join('; ')]),
      color: shouldUseColor(io.stdout, io.env),
      terminalWidth: (io.stdout as { columns?: number }).columns,
      truncate: io.stdout.isTTY === true,
    }),
  );
}

/** One line: how many records, how many fine, how many with each kind of problem (counted by the runtime). */
export function summarizeRecords(preview: Pick<PreviewResult, 'records' | 'summary'>): string {
  const { records, summary } = preview;
  const clean = records.length - summary.withProblems;
  const unimported = records.length - summary.importable;
  const parts = Object.entries(summary.byKind).map(([kind, count]) => `${count} ${kind}`);
  return (
    `${records.length} record${records.length === 1 ? '' : 's'}: ${clean} without problems` +
    (parts.length > 0 ? `; ${parts.join(', ')}` : '') +
    (unimported > 0 ? `; ${unimported} would not be imported` : '')
  );
}

async function previewPayload(session: OperatorSession, args: ParsedArgs, action: string): Promise<number> {
  const { client, io } = session;
  const request = await client.previewPayload(action, await actionVariables({ strings: args.strings, cwd: io.cwd, spec: session.connector.spec, action }));
  io.stderr.write(`${action}: preview, nothing sent\n`);
  io.stdout.write(args.booleans.json ? `${stringifyJson(request, 2)}\n` : formatRenderedAction(request));
  return EXIT_OK;
}

/** The raw body of the first import page (records without an id included, unlike importUsers()). */
async function fetchFirstPage(session: OperatorSession): Promise<unknown> {
  const exchange = await session.client.test('importUsers', {}, { live: false });
  const ok = exchange.status >= 200 && exchange.status < 300;
  // test() hands back a body that is not JSON (an HTML login page, an empty body) as text; mapping
  // that would blame the records path, when the answer itself is wrong.
  const parsed = exchange.body !== undefined && typeof exchange.body !== 'string';
  if (ok && parsed) return exchange.body;
  // A failure: let the import itself fail on it, so the operator gets the runtime's code,
  // the spec's error message and its hint rather than a bare status.
  const pages = session.client.importUsers()[Symbol.asyncIterator]();
  await pages.next();
  await pages.return?.();
  if (ok) return exchange.body;
  throw new Error(`importUsers: the target answered HTTP ${exchange.status}`);
}

async function previewImport(session: OperatorSession, args: ParsedArgs): Promise<number> {
  const { client, io } = session;
  let body: unknown;
  if (args.strings.response !== undefined) {
    body = await readJsonFile({ path: args.strings.response, cwd: io.cwd, flag: 'response' });
  } else {
    body = await fetchFirstPage(session);
  }
  const preview = await client.preview(body);
  const { records } = preview;
  const summary = summarizeRecords(preview);
  if (args.booleans.json) io.stdout.write(`${stringifyJson({ records, summary: { ...preview.summary, text: summary } }, 2)}\n`);
  else printRecords(io, records);
  io.stderr.write(`preview: ${summary}\n`);
  return preview.summary.importable < records.length ? EXIT_FAILED : EXIT_OK;
}

async function run(argv: string[], io: CliIO): Promise<number> {
  let out: CliIO = redactEnvironmentIO(io);
  let session: OperatorSession | undefined;
  try {
    const args = parseArgs({ argv, flags: FLAGS });
    const [ref, ...extra] = args.positionals;
    if (ref === undefined) throw new UsageError('give a connector');
    if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
    const action = args.strings.payload;
    if (action !== undefined && args.strings.response !== undefined) throw new UsageError('--payload and --response exclude each other');
    const connector = await resolveConnector({ ref, cwd: io.cwd });
    const kind = classifyAction({ spec: connector.spec, action: action ?? 'importUsers' });
    if (action !== undefined && kind === 'import') throw new UsageError('--payload is for write actions; preview importUsers without it');
    checkVariableFlags({ strings: args.strings, kind, action: action ?? 'importUsers', personOptional: true });
    // Without a person and without an operator, the payload would be rendered for nobody (email "").
    if (kind === 'create' && args.strings.person === undefined && args.strings['actor-email'] === undefined) {
      throw new UsageError(`${action} needs --person <file.json>, or --actor-email <email> (and --actor-name) to render it for the operator`);
    }
    // A saved response needs no credentials: nothing is sent.
    session = await openSession({ connector, args, io, offline: args.strings.response !== undefined });
    out = session.io;
    return action === undefined ? await previewImport(session, args) : await previewPayload(session, args, action);
  } catch (error) {
    return reportFailure({ error, io: out, usage: USAGE });
  } finally {
    await session?.client.close();
  }
}

export const previewCommand: Command = {
  name: 'preview',
  help: HELP,
  run,
};
