/** `connector new <id> --type prebuilt|scim|custom [--out file]`: writes a spec that validates, to edit from. */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { SCAFFOLD_TYPES, scaffoldSpec, type ScaffoldType } from '../../compiler/scaffold.js';
import { formatFlagHelp, parseArgs, UsageError, type FlagSpecs } from '../args.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from '../command.js';
import { displayPath } from './validate.js';

const flags: FlagSpecs = {
  type: { kind: 'string', value: 'prebuilt|scim|custom', description: 'integration type (required)' },
  out: { kind: 'string', value: '<file>', description: 'where to write it (default specs/<type>/<id>.yaml; `-` for stdout)' },
};

const USAGE = 'Usage: connector new <id> --type prebuilt|scim|custom [--out <file>]';
const DIRECTORY: Record<ScaffoldType, string> = { prebuilt: 'prebuilt', scim: 'scim', custom: 'examples' };

function parse(args: string[]): { id: string; type: ScaffoldType; out: string | undefined } {
  const parsed = parseArgs({ argv: args, flags });
  const [id, extra] = parsed.positionals;
  if (id === undefined) throw new UsageError('missing <id>');
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'`);
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/u.test(id) || id.length > 64)
    throw new UsageError(`id '${id}' must be kebab-case: lowercase letters, digits and single dashes, e.g. acme-hr`);
  const type = parsed.strings.type;
  if (type === undefined) throw new UsageError('missing --type prebuilt|scim|custom');
  if (!(SCAFFOLD_TYPES as readonly string[]).includes(type)) throw new UsageError(`--type must be one of ${SCAFFOLD_TYPES.join(', ')}`);
  return { id, type: type as ScaffoldType, out: parsed.strings.out };
}

async function run(args: string[], io: CliIO): Promise<number> {
  let options;
  try {
    options = parse(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`connector new: ${error.message}\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  const schema = resolve(io.cwd, 'schema/connector-spec.schema.json');
  if (options.out === '-') {
    io.stdout.write(scaffoldSpec({ id: options.id, type: options.type, schemaPath: displayPath(schema, io.cwd) }));
    return EXIT_OK;
  }
  const target = resolve(io.cwd, options.out ?? `specs/${DIRECTORY[options.type]}/${options.id}.yaml`);
  if (existsSync(target)) {
    io.stderr.write(`connector new: ${displayPath(target, io.cwd)} already exists; choose another id or --out\n`);
    return EXIT_FAILED;
  }
  const schemaPath = relative(dirname(target), schema).split(sep).join('/');
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, scaffoldSpec({ id: options.id, type: options.type, schemaPath }), { encoding: 'utf8', flag: 'wx' });
  io.stdout.write(`wrote ${displayPath(target, io.cwd)}; edit it, then run \`npm run connector -- validate ${displayPath(target, io.cwd)}\`\n`);
  return EXIT_OK;
}

export const newCommand: Command = {
  name: 'new',
  help: [
    USAGE,
    '',
    'Writes a short spec of the given type, valid as written, to edit from.',
    '',
    'Options:',
    formatFlagHelp(flags),
    '',
    'Exit codes: 0 written, 1 the file exists, 2 bad usage.',
  ].join('\n'),
  run,
};
