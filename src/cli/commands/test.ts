/**
 * `connector test <connector> <action>`: the service's Test step. Sends the action's request once
 * and prints the request, the status, the headers and the body, redacted, so an author sees what
 * the target really answers. A write action changes the target, so it needs `--live`.
 */
import type { ConnectorSpec } from '../../connector.js';
import { formatFlagHelp, parseArgs, UsageError, type FlagSpecs } from '../args.js';
import { EXIT_FAILED, EXIT_OK, type CliIO, type Command } from '../command.js';
import { reportFailure } from '../format-error.js';
import { stringifyJson } from '../format-json.js';
import { formatRenderedRequest, formatResponse } from '../format-request.js';
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

const USAGE =
  'Usage: connector test <connector> <action> [--live] [--person <file.json>] [--account <account>] [--vars <file.json>] [--json] [--inputs <file.json>] [--base-url <url>]';

const FLAGS: FlagSpecs = {
  ...SESSION_FLAGS,
  live: { kind: 'boolean', description: 'allow a write action (createUser, deleteUser, ...) to really send its request' },
  person: { kind: 'string', value: '<file.json>', description: 'createUser: the person' },
  account: {
    kind: 'string',
    value: '<account>',
    description: 'activateUser, deactivateUser, deleteUser: the account: its id, its fields (id=…,login=…), a JSON file, or a line of importUsers --ndjson',
  },
  vars: { kind: 'string', value: '<file.json>', description: 'custom action: its variables' },
  json: { kind: 'boolean', description: 'print request and response as one JSON object' },
};

const HELP = `${USAGE}

Sends the action's request once and prints the request, the response status, headers and body,
with credentials redacted (the service's Test step). importUsers sends only the first page.
Actions that change data in the target (every method but GET: createUser, activateUser,
deactivateUser, deleteUser, most custom actions) are only sent with --live; to see such a
request without sending it, use
\`connector run <connector> <action> --dry-run\` or \`connector preview <connector> --payload <action>\`.

Options:
${formatFlagHelp(FLAGS)}

Exit codes: 0 the target answered 2xx, 1 it answered something else or could not be reached
(or the spec is invalid), 2 bad usage, missing inputs, or a write action without --live.
`;

/** The HTTP method of an action; a GET changes nothing, so it needs no --live. */
function actionMethod(spec: ConnectorSpec, action: string): string | undefined {
  const standard = spec.actions[action as Exclude<keyof typeof spec.actions, 'custom'>];
  return (standard ?? spec.actions.custom?.[action])?.method;
}

/** The flags the suggested dry run needs: the operator's own, else placeholders (a file path and an id are no secrets). */
function subjectFlags(kind: ActionKind, strings: Record<string, string>): string {
  const wanted: Record<ActionKind, [string, string][]> = {
    import: [],
    create: [['person', '<file.json>']],
    account: [['account', '<id>']],
    custom: [['vars', '<file.json>']],
  };
  const given = (['person', 'account', 'vars'] as const)
    .filter((flag) => strings[flag] !== undefined)
    .map((flag): [string, string] => [flag, strings[flag] as string]);
  return (given.length > 0 ? given : wanted[kind]).map(([flag, value]) => ` --${flag} ${value}`).join('');
}

function requireLive({ action, name, ref, subject }: { action: string; name: string; ref: string; subject: string }): never {
  throw new UsageError(
    `${action} changes data in ${name}: test would really send it. Add --live to send it, or see the request ` +
      `without sending it with \`connector run ${ref} ${action}${subject} --dry-run\``,
  );
}

async function run(argv: string[], io: CliIO): Promise<number> {
  let out: CliIO = redactEnvironmentIO(io);
  let session: OperatorSession | undefined;
  try {
    const args = parseArgs({ argv, flags: FLAGS });
    const [ref, action, ...extra] = args.positionals;
    if (ref === undefined || action === undefined) throw new UsageError('give a connector and an action');
    if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
    const connector = await resolveConnector({ ref, cwd: io.cwd });
    const kind = classifyAction({ spec: connector.spec, action });
    if (kind !== 'import' && actionMethod(connector.spec, action) !== 'GET' && !args.booleans.live) {
      requireLive({ action, name: connector.spec.name, ref, subject: subjectFlags(kind, args.strings) });
    }
    checkVariableFlags({ strings: args.strings, kind, action });
    session = await openSession({ connector, args, io });
    out = session.io;
    const variables = await actionVariables({ strings: args.strings, cwd: io.cwd, spec: connector.spec, action });
    const exchange = await session.client.test(action, variables, { live: args.booleans.live === true });
    const ok = exchange.status >= 200 && exchange.status < 300;
    out.stdout.write(args.booleans.json ? `${stringifyJson(exchange, 2)}\n` : `${formatRenderedRequest(exchange.request)}\n${formatResponse(exchange)}`);
    if (!ok) out.stderr.write(`test: ${action}: the target answered HTTP ${exchange.status}\n`);
    return ok ? EXIT_OK : EXIT_FAILED;
  } catch (error) {
    return reportFailure({ error, io: out, usage: USAGE });
  } finally {
    await session?.client.close();
  }
}

export const testCommand: Command = {
  name: 'test',
  help: HELP,
  run,
};
