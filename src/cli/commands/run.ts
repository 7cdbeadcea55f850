/**
 * `connector run <connector> <action>`: runs one action against the target, as the service would.
 * Import prints a table (or JSON / NDJSON for scripts); writes say what they are about to do on
 * stderr first, and `--dry-run` shows the request without sending it.
 */
import { formatFlagHelp, parseArgs, UsageError, type FlagSpecs, type ParsedArgs } from '../args.js';
import { EXIT_OK, type CliIO, type Command } from '../command.js';
import { reportFailure } from '../format-error.js';
import { createProgress, type Progress } from '../format-progress.js';
import { stringifyJson } from '../format-json.js';
import { formatKeyValues, formatTable, sanitizeText, shouldUseColor } from '../format-table.js';
import { formatRenderedAction } from '../format-request.js';
import { actionVariables, checkVariableFlags } from '../action-subject.js';
import {
  classifyAction,
  SESSION_FLAGS,
  openSession,
  redactEnvironmentIO,
  resolveConnector,
  type ActionKind,
  type OperatorSession,
} from '../resolve-connector.js';
import type { AccountRef, Person } from '../../index.js';
import { STANDARD_ACTION_NAMES } from '../../../generated/spec-types.js';

const USAGE =
  'Usage: connector run <connector> <action> [--json | --ndjson] [--person <file.json>] [--account <id | name=value,… | file.json | JSON>] [--vars <file.json>] [--dry-run] [--inputs <file.json>] [--base-url <url>]';

const FLAGS: FlagSpecs = {
  ...SESSION_FLAGS,
  json: { kind: 'boolean', description: 'print JSON: the accounts as one array, or the action result' },
  ndjson: { kind: 'boolean', description: 'importUsers: print one account per line as pages arrive' },
  person: { kind: 'string', value: '<file.json>', description: 'createUser: the person (email, name, firstName, lastName, admin, ...)' },
  account: {
    kind: 'string',
    value: '<account>',
    description: 'activateUser, deactivateUser, deleteUser: the account: its id, its fields (id=…,login=…), a JSON file, or a line of importUsers --ndjson',
  },
  vars: { kind: 'string', value: '<file.json>', description: 'custom action: its variables, as a JSON object' },
  'dry-run': { kind: 'boolean', description: 'print the request (method, URL, headers redacted, body) without sending it' },
};

const HELP = `${USAGE}

Runs one action of a connector against the target application.
<connector> is a shipped connector id (e.g. incident-platform) or the path of a spec file.
<action> is ${STANDARD_ACTION_NAMES.join(', ')} or a custom action.

Options:
${formatFlagHelp(FLAGS)}

Inputs come from CONNECTOR_INPUT_<NAME> environment variables (e.g. CONNECTOR_INPUT_TOKEN,
CONNECTOR_INPUT_CLIENT_SECRET), then the --inputs file, then --input and --base-url. Secrets are
refused as option values: they would stay in your shell history.

Examples:
  CONNECTOR_INPUT_TOKEN=... connector run incident-platform importUsers --base-url http://127.0.0.1:4010
  connector run incident-platform importUsers --inputs inputs.json --ndjson
  connector run incident-platform createUser --person ann.json --dry-run
  connector run incident-platform deleteUser --account PABC123 --inputs inputs.json
  connector run github-org deleteUser --account id=583231,login=octocat
  connector run github-org importUsers --ndjson | grep octocat > octocat.json
  connector run github-org deleteUser --account octocat.json

An account is more than an id: --account takes its fields (id=…,login=…), a JSON object or file,
or a line of importUsers --ndjson. When the action reads a field the account lacks (GitHub's
deleteUser needs the login), the command says which before anything is sent.

Exit codes: 0 ok, 1 the action failed (or the spec is invalid), 2 bad usage or missing inputs.
`;

const IMPORT_COLUMNS = ['id', 'email', 'name'];

function checkOutputFlags(args: ParsedArgs, kind: ActionKind): void {
  if (args.booleans.json && args.booleans.ndjson) throw new UsageError('--json and --ndjson exclude each other');
  if (args.booleans.ndjson && kind !== 'import') throw new UsageError('--ndjson is for importUsers only');
}

async function importAccounts(session: OperatorSession, args: ParsedArgs, progress: Progress): Promise<number> {
  const { client, io } = session;
  const accounts: Record<string, unknown>[] = [];
  const skipped: string[] = [];
  const run = client.importUsers();
  for await (const page of run) {
    for (const problem of page.problems) skipped.push(`page ${page.page}: ${describeProblem(problem)}`);
    if (args.booleans.ndjson) {
      // On one terminal, stdout lines would be glued to the end of the progress line: erase it,
      // print the page, and let add() draw it again below.
      progress.clear();
      io.stdout.write(page.accounts.map((account) => `${stringifyJson(account)}\n`).join(''));
      progress.add({ pages: 1, accounts: page.accounts.length });
      // The reader has what it wanted (`| head`): stop fetching pages nobody will read.
      if (io.stdout.closed) break;
    } else {
      progress.add({ pages: 1, accounts: page.accounts.length });
      // One by one: push(...page) overflows the stack for a target that sends 150,000 accounts in one page.
      for (const account of page.accounts) accounts.push(account);
    }
  }
  progress.clear();
  const warnings = [...skipped, ...(run.summary()?.warnings ?? [])];
  for (const line of warnings) io.stderr.write(`warning: ${sanitizeText(line)}\n`);
  if (args.booleans.json) io.stdout.write(`${stringifyJson(accounts, 2)}\n`);
  if (!args.booleans.json && !args.booleans.ndjson) {
    const extras = [...new Set(accounts.flatMap((account) => Object.keys(account)))].filter((key) => !IMPORT_COLUMNS.includes(key));
    const keys = [...IMPORT_COLUMNS, ...extras];
    io.stdout.write(
      formatTable({
        columns: keys.map((key) => ({ header: key.toUpperCase() })),
        rows: accounts.map((account) => keys.map((key) => account[key])),
        color: shouldUseColor(io.stdout, io.env),
        terminalWidth: io.stdout.columns,
        truncate: io.stdout.isTTY === true,
      }),
    );
  }
  const { pages, accounts: count } = progress.stats;
  const stopped = io.stdout.closed ? ' (stopped: the reader closed the output)' : '';
  const skips = skipped.length > 0 ? `, ${skipped.length} record(s) skipped` : '';
  const checks = warnings.length > skipped.length ? `, ${warnings.length - skipped.length} warning(s): see above` : '';
  io.stderr.write(`importUsers: ${count} account${count === 1 ? '' : 's'} in ${pages} page${pages === 1 ? '' : 's'}${skips}${checks}${stopped}\n`);
  return EXIT_OK;
}

function describeProblem(problem: unknown): string {
  if (typeof problem === 'string') return problem;
  const { message } = problem as { message?: string };
  return message ?? JSON.stringify(problem);
}

async function runWrite(session: OperatorSession, args: ParsedArgs, action: string, kind: ActionKind): Promise<number> {
  const { client, io } = session;
  const variables = await actionVariables({ strings: args.strings, cwd: io.cwd, spec: session.connector.spec, action });
  const request = await client.renderRequest(action, variables);
  if (args.booleans['dry-run']) {
    io.stderr.write(`${action}: dry run, nothing sent\n`);
    io.stdout.write(args.booleans.json ? `${stringifyJson(request, 2)}\n` : formatRenderedAction(request));
    return EXIT_OK;
  }
  const subject = variables.user?.email ?? variables.account?.id;
  io.stderr.write(`${action}: sending ${request.method} ${request.url}${typeof subject === 'string' ? ` for ${subject}` : ''}\n`);
  const result =
    kind === 'custom'
      ? await client.runCustomAction(action, variables.vars ?? {}, { user: variables.user, account: variables.account })
      : await callStandard(session, action, variables);
  // A generated secret (a one-time password) is for the workflow to hand to the person, never for
  // a terminal or a log: only its name is shown.
  const { secrets, ...shown } = result as { secrets?: Record<string, string> };
  const secretNames = Object.keys(secrets ?? {});
  if (args.booleans.json) {
    io.stdout.write(`${stringifyJson(secretNames.length > 0 ? { ...shown, secrets: secretNames } : shown, 2)}\n`);
    return EXIT_OK;
  }
  const { status, account, alreadyAbsent, alreadyDone, body } = shown as {
    status?: number;
    account?: Record<string, unknown>;
    alreadyAbsent?: boolean;
    alreadyDone?: boolean;
    body?: unknown;
  };
  const nothingToDo = alreadyAbsent ? ', the account was already absent' : alreadyDone ? ', nothing to do: the account was already in that state' : '';
  io.stderr.write(`${action}: done (HTTP ${status ?? '?'}${nothingToDo})\n`);
  if (secretNames.length > 0) io.stderr.write(`${action}: generated and sent ${secretNames.join(', ')} (not shown; the service hands it to the workflow)\n`);
  const color = shouldUseColor(io.stdout, io.env);
  if (account !== undefined) io.stdout.write(formatKeyValues({ record: account, color }));
  else if (kind === 'custom' && body !== undefined) io.stdout.write(`${stringifyJson(body, 2)}\n`);
  return EXIT_OK;
}

async function callStandard(session: OperatorSession, action: string, variables: Awaited<ReturnType<typeof actionVariables>>): Promise<unknown> {
  const { client } = session;
  switch (action) {
    case 'createUser':
      return client.createUser(variables.user as Person);
    case 'activateUser':
      return client.activateUser(variables.account as AccountRef);
    case 'deactivateUser':
      return client.deactivateUser(variables.account as AccountRef);
    default:
      return client.deleteUser(variables.account as AccountRef);
  }
}

async function run(argv: string[], io: CliIO): Promise<number> {
  let out: CliIO = redactEnvironmentIO(io);
  let session: OperatorSession | undefined;
  let progress: Progress | undefined;
  try {
    const args = parseArgs({ argv, flags: FLAGS });
    const [ref, action, ...extra] = args.positionals;
    if (ref === undefined || action === undefined) throw new UsageError('give a connector and an action');
    if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
    const connector = await resolveConnector({ ref, cwd: io.cwd });
    const kind = classifyAction({ spec: connector.spec, action });
    checkOutputFlags(args, kind);
    checkVariableFlags({ strings: args.strings, kind, action });
    // With --verbose every request is logged on stderr; a progress line redrawn among them would garble both.
    const tty = io.stderr.isTTY === true && args.booleans.verbose !== true;
    const counter = createProgress({ stream: { isTTY: tty, write: (text) => io.stderr.write(text) }, label: 'importUsers' });
    progress = counter;
    // The runtime reports each retry as an event; the progress line counts them.
    session = await openSession({ connector, args, io, onLog: (_line, event) => counter.observe(event) });
    out = session.io;
    if (kind === 'import' && !args.booleans['dry-run']) return await importAccounts(session, args, counter);
    return await runWrite(session, args, action, kind);
  } catch (error) {
    progress?.clear();
    return reportFailure({ error, io: out, usage: USAGE });
  } finally {
    await session?.client.close();
  }
}

export const runCommand: Command = {
  name: 'run',
  help: HELP,
  run,
};
