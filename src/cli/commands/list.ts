/** `connector list`: the shipped connectors (specs/), with their type and supported actions. */
import { resolve } from 'node:path';
import { catalogEntryOf } from '../../catalog/catalog-entry.js';
import { compareText } from '../../compiler/diagnostic.js';
import { findSpecFiles } from '../../compiler/index.js';
import { loadSpecFile } from '../../compiler/load-spec.js';
import { validateSpecText } from '../../compiler/compile.js';
import { formatFlagHelp, parseArgs, UsageError, type FlagSpecs } from '../args.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from '../command.js';
import { displayPath } from './validate.js';

const flags: FlagSpecs = {
  specs: { kind: 'string', value: '<dir>', description: 'directory of spec files (default specs)' },
  format: { kind: 'string', value: 'human|json', description: 'output format (default human)' },
};

const USAGE = 'Usage: connector list [--format human|json] [--specs <dir>]';

export interface ConnectorSummary {
  id: string;
  name: string;
  type: string;
  /** The auth type, as the catalogue names it (`apiKey`, `oauth2 refresh_token`, ...). */
  auth: string;
  actions: string[];
  customActions: string[];
  file: string;
}

async function run(args: string[], io: CliIO): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ argv: args, flags });
    if (parsed.positionals.length > 0) throw new UsageError(`unexpected argument '${parsed.positionals[0]}'`);
    if (parsed.strings.format !== undefined && !['human', 'json'].includes(parsed.strings.format)) throw new UsageError('--format must be human or json');
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`connector list: ${error.message}\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  const found = await findSpecFiles([resolve(io.cwd, parsed.strings.specs ?? 'specs')]);
  const summaries: ConnectorSummary[] = [];
  const invalid: string[] = [];
  for (const path of found.files) {
    const file = displayPath(path, io.cwd);
    const loaded = await loadSpecFile(path, { file });
    const spec = loaded.text === undefined ? undefined : (await validateSpecText({ text: loaded.text, file, jqPolicy: 'trusted' })).spec;
    if (!spec) {
      invalid.push(file);
      continue;
    }
    const { id, name, type, auth, actions, customActions } = catalogEntryOf(spec);
    summaries.push({ id, name, type, auth, actions, customActions, file });
  }
  summaries.sort((a, b) => compareText(a.id, b.id));
  if (parsed.strings.format === 'json') {
    io.stdout.write(`${JSON.stringify({ connectors: summaries, invalid }, null, 2)}\n`);
  } else if (summaries.length === 0) {
    io.stdout.write('no connectors found\n');
  } else {
    const rows = [['ID', 'TYPE', 'ACTIONS'], ...summaries.map((s) => [s.id, s.type, [...s.actions, ...s.customActions.map((c) => `custom:${c}`)].join(', ')])];
    const widths = [0, 1].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
    io.stdout.write(`${rows.map((r) => `${r[0]!.padEnd(widths[0]!)}  ${r[1]!.padEnd(widths[1]!)}  ${r[2]}`.trimEnd()).join('\n')}\n`);
  }
  for (const file of invalid) io.stderr.write(`warning: ${file} is not a valid spec (run \`connector validate ${file}\`)\n`);
  return invalid.length > 0 ? EXIT_FAILED : EXIT_OK;
}

export const listCommand: Command = {
  name: 'list',
  help: [
    USAGE,
    '',
    'Reads the specs directory; for prebuilt connectors the actions are those listed in `supports`.',
    '',
    'Options:',
    formatFlagHelp(flags),
    '',
    'Exit codes: 0 ok, 1 a spec is invalid (listed on stderr), 2 bad usage.',
  ].join('\n'),
  run,
};
