/**
 * `connector generate --response <file.json>`: the service's Generate Config step. Finds the array
 * of user records in a sample Import Users response, proposes the records path and the account
 * mapping with the reasons for each choice, applies them with jq to the first records, and prints
 * the YAML to paste, or writes it into a spec's actions.importUsers with --write.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { applyMapping, applyRecordsPath, MappingApplyError } from '../../generate/apply-mapping.js';
import { formatReport } from '../../generate/format-report.js';
import { proposePagination } from '../../generate/propose-pagination.js';
import { generateConfig, generateConfigForRecords, NoUserArrayError, type GeneratedConfig } from '../../generate/generate-config.js';
import { parseResponse, ResponseParseError } from '../../generate/parse-response.js';
import { renderConfigYaml } from '../../generate/render-yaml.js';
import { SpecWriteError, writeConfigIntoSpec } from '../../generate/write-into-spec.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from '../command.js';
import { stringifyJson } from '../format-json.js';
import { sanitizeLines } from '../format-table.js';

const HELP = `Usage: connector generate --response <file.json> [options]

Generate Config: reads one response of your Import Users endpoint, finds the array of user
records, proposes the records path and the jq mapping (id, email, name, and admin / active when the
records show them), explains each choice, shows the first records mapped, and prints the YAML to
paste under actions.importUsers of your spec.

Options:
  --response <file>   the response body (JSON); - reads it from standard input
  --records <jq>      use this records path instead of searching for the user array
  --limit <n>         how many mapped records to show (default 5)
  --write <spec>      write records and mapping into <spec>'s actions.importUsers, keeping the
                      file's comments and layout
  --path <endpoint>   with --write: the importUsers path (needed when the spec has none)
  --json              machine output: one JSON object on stdout
  -h, --help          this help

Exit codes: 0 config generated, 1 no user array found / invalid JSON / spec not writable,
2 bad usage.

Example:
  curl -s -H "Authorization: Bearer $TOKEN" https://api.example.com/users > users.json
  connector generate --response users.json --write specs/custom/example.yaml --path /users
`;

interface GenerateOptions {
  response: string;
  records?: string;
  limit: number;
  write?: string;
  path?: string;
  json: boolean;
}

class UsageError extends Error {
  override readonly name = 'UsageError';
}

function parseOptions(args: string[]): GenerateOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        response: { type: 'string' },
        records: { type: 'string' },
        limit: { type: 'string' },
        write: { type: 'string' },
        path: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    // Node's later lines say how to fix it (`--limit -1` is "ambiguous": use `--limit=-1`), so all are kept.
    throw new UsageError(error instanceof Error ? error.message.split('\n').join(' ') : String(error));
  }
  const { values } = parsed;
  if (values.response === undefined) throw new UsageError('--response <file.json> is required');
  if (values.path !== undefined && values.write === undefined) throw new UsageError('--path only applies with --write <spec>');
  if (values.path !== undefined && !values.path.startsWith('/')) throw new UsageError(`--path must start with / (got '${values.path}')`);
  const limit = values.limit === undefined ? 5 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`--limit must be a positive whole number (got '${values.limit}')`);
  return { response: values.response, records: values.records, limit, write: values.write, path: values.path, json: values.json ?? false };
}

async function readResponseText(options: GenerateOptions, io: CliIO): Promise<string> {
  if (options.response === '-') {
    // On a terminal nothing seems to happen while we wait: say what we are waiting for.
    if ((io.stdin as { isTTY?: boolean }).isTTY === true) io.stderr.write('connector generate: reading the response from standard input (end with Ctrl-D)\n');
    const chunks: Buffer[] = [];
    for await (const chunk of io.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    return Buffer.concat(chunks).toString('utf8');
  }
  try {
    return await readFile(resolve(io.cwd, options.response), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read --response ${options.response}: ${code === 'ENOENT' ? 'no such file' : (code ?? String(error))}`);
  }
}

async function buildConfig(options: GenerateOptions, response: unknown): Promise<GeneratedConfig> {
  if (options.records === undefined) return generateConfig(response);
  return generateConfigForRecords(options.records, await applyRecordsPath({ expression: options.records, response, policy: 'trusted' }));
}

/** Writes next to the spec, then renames over it, so an interrupted write never leaves half a spec. */
async function writeSpec(options: GenerateOptions & { write: string }, config: GeneratedConfig, io: CliIO): Promise<string[]> {
  const file = resolve(io.cwd, options.write);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read --write ${options.write}: ${code === 'ENOENT' ? 'no such file' : (code ?? String(error))}`);
  }
  const result = writeConfigIntoSpec({ text, file: options.write, records: config.records.expression, mapping: config.mapping, path: options.path });
  if (result.changes.length > 0) {
    const temporary = `${file}.generate-${process.pid}.tmp`;
    await writeFile(temporary, result.text, 'utf8');
    await rename(temporary, file);
  }
  return result.changes;
}

function fail(io: CliIO, options: GenerateOptions | undefined, error: { code: string; message: string; seen?: string }): number {
  io.stderr.write(`connector generate: ${sanitizeLines(error.message)}\n`);
  if (options?.json) io.stdout.write(`${stringifyJson({ ok: false, error }, 2)}\n`);
  return EXIT_FAILED;
}

async function run(args: string[], io: CliIO): Promise<number> {
  let options: GenerateOptions | undefined;
  try {
    options = parseOptions(args);
    const response = parseResponse({ text: await readResponseText(options, io), file: options.response === '-' ? '<stdin>' : options.response });
    const config = await buildConfig(options, response);
    const records = await applyRecordsPath({ expression: config.records.expression, response, policy: 'trusted' });
    const mapped = await applyMapping({ records, mapping: config.mapping, limit: options.limit, policy: 'trusted' });
    const yaml = renderConfigYaml({ records: config.records.expression, mapping: config.mapping });
    const changes = options.write === undefined ? undefined : await writeSpec({ ...options, write: options.write }, config, io);
    // A file holds the body only: the signals in it (not a Link header) call for a pagination block.
    const pagination = proposePagination({ headers: {}, body: response, received: config.records.count });
    if (options.json) {
      const written = options.write === undefined ? undefined : { file: options.write, changes };
      io.stdout.write(`${stringifyJson({ ok: true, ...config, preview: mapped, yaml, written, ...(pagination ? { pagination } : {}) }, 2)}\n`);
    } else {
      // Names and roles from the response are in the report: a crafted one must not drive the terminal.
      io.stdout.write(sanitizeLines(formatReport({ config, mapped, yaml, changes, specFile: options.write, ...(pagination ? { pagination } : {}) })));
    }
    return EXIT_OK;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`connector generate: ${sanitizeLines(error.message)}\n\nRun \`connector generate --help\` for usage.\n`);
      return EXIT_USAGE;
    }
    if (error instanceof NoUserArrayError) {
      const hint = 'Give a response of the endpoint that lists users, or name the array with --records <jq>.';
      return fail(io, options, { code: 'NO_USER_ARRAY', message: `${error.message}\n${hint}`, seen: error.seen });
    }
    if (error instanceof ResponseParseError) return fail(io, options, { code: 'INVALID_JSON', message: error.message });
    if (error instanceof SpecWriteError) return fail(io, options, { code: 'SPEC_NOT_WRITABLE', message: error.message });
    if (error instanceof MappingApplyError) return fail(io, options, { code: 'JQ_FAILED', message: error.message });
    throw error;
  }
}

export const generateCommand: Command = {
  name: 'generate',
  help: HELP,
  run,
};
