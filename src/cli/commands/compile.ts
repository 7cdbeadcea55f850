/**
 * `connector compile [--check]`: compiles every spec under `specs/` into `generated/` (spec-types.ts,
 * one module per spec, index.ts). `--check` writes nothing and exits 1 naming every stale, missing
 * or extra file, like openapi-typescript's checkStaleOutput.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { hasErrors } from '../../compiler/diagnostic.js';
import { findSpecFiles, loadSpecFile } from '../../compiler/index.js';
import { planGeneratedFiles } from '../../compiler/plan-generated.js';
import { formatFlagHelp, parseArgs, UsageError, type FlagSpecs } from '../args.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from '../command.js';
import { formatDiagnostics } from '../format-diagnostics.js';
import { displayPath, parseFormat } from './validate.js';

const flags: FlagSpecs = {
  check: { kind: 'boolean', description: 'write nothing; exit 1 when generated/ does not match the specs' },
  specs: { kind: 'string', value: '<dir>', description: 'directory of spec files (default specs)' },
  out: { kind: 'string', value: '<dir>', description: 'output directory (default generated)' },
  schema: { kind: 'string', value: '<file>', description: 'spec schema (default schema/connector-spec.schema.json)' },
  format: { kind: 'string', value: 'human|json|github', description: 'format of spec errors (default human)' },
};

const USAGE = 'Usage: connector compile [--check] [--specs <dir>] [--out <dir>]';
const GENERATED_MARK = '// Generated from ';

export interface StaleReport {
  stale: string[];
  missing: string[];
  extra: string[];
}

/** Compares planned contents with what the output directory holds (its *.ts files). */
export async function compareGenerated(input: { outDir: string; files: ReadonlyMap<string, string> }): Promise<StaleReport> {
  const existing = await listGenerated(input.outDir);
  const report: StaleReport = { stale: [], missing: [], extra: [] };
  for (const [name, content] of input.files) {
    const current = existing.get(name);
    if (current === undefined) report.missing.push(name);
    else if (current !== content) report.stale.push(name);
  }
  for (const name of existing.keys()) if (!input.files.has(name)) report.extra.push(name);
  return report;
}

async function listGenerated(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return files;
  }
  for (const name of names.filter((n) => n.endsWith('.ts')).sort()) files.set(name, await readFile(join(dir, name), 'utf8'));
  return files;
}

async function run(args: string[], io: CliIO): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ argv: args, flags });
    if (parsed.positionals.length > 0) throw new UsageError(`unexpected argument '${parsed.positionals[0]}'`);
    parseFormat(parsed.strings.format);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`connector compile: ${error.message}\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  const specsDir = resolve(io.cwd, parsed.strings.specs ?? 'specs');
  const outDir = resolve(io.cwd, parsed.strings.out ?? 'generated');
  const schemaPath = resolve(io.cwd, parsed.strings.schema ?? 'schema/connector-spec.schema.json');
  const found = await findSpecFiles([specsDir]);
  if (found.missing.length > 0) {
    io.stderr.write(`connector compile: no such directory: ${displayPath(specsDir, io.cwd)}\n`);
    return EXIT_USAGE;
  }
  let schema: Record<string, unknown>;
  try {
    schema = JSON.parse(await readFile(schemaPath, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    io.stderr.write(
      `connector compile: cannot read the schema ${displayPath(schemaPath, io.cwd)}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`,
    );
    return EXIT_FAILED;
  }
  const specs = await Promise.all(found.files.map((path) => loadSpecFile(path, { file: displayPath(path, io.cwd) })));
  const plan = await planGeneratedFiles({ specs, schema });
  const sources = new Map(specs.filter((s) => s.text !== undefined).map((s) => [s.file, s.text as string]));
  if (hasErrors(plan.diagnostics)) {
    io.stderr.write(formatDiagnostics(plan.diagnostics, { format: parseFormat(parsed.strings.format), sources }));
    io.stderr.write(`connector compile: the specs have errors; nothing was ${parsed.booleans.check ? 'checked' : 'written'}\n`);
    return EXIT_FAILED;
  }
  const outName = displayPath(outDir, io.cwd);
  const report = await compareGenerated({ outDir, files: plan.files });
  const changed = report.stale.length + report.missing.length + report.extra.length;
  if (parsed.booleans.check) {
    if (changed === 0) {
      io.stdout.write(`${outName}/ is up to date (${plan.files.size} files from ${specs.length} specs)\n`);
      return EXIT_OK;
    }
    const lines = [
      ...report.stale.map((n) => `  stale:   ${outName}/${n}`),
      ...report.missing.map((n) => `  missing: ${outName}/${n}`),
      ...report.extra.map((n) => `  extra:   ${outName}/${n} (no spec produces it)`),
    ];
    io.stderr.write(`${outName}/ does not match the specs:\n${lines.join('\n')}\nRun \`npm run connector -- compile\` and commit the result.\n`);
    return EXIT_FAILED;
  }
  await mkdir(outDir, { recursive: true });
  for (const name of [...report.stale, ...report.missing]) await writeFile(join(outDir, name), plan.files.get(name)!, 'utf8');
  const kept: string[] = [];
  for (const name of report.extra) {
    const content = await readFile(join(outDir, name), 'utf8');
    // Only files the compiler wrote are removed; anything else is left for a person to look at.
    if (content.startsWith(GENERATED_MARK)) await rm(join(outDir, name));
    else kept.push(name);
  }
  const written = report.stale.length + report.missing.length;
  io.stdout.write(
    `compiled ${specs.length} spec${specs.length === 1 ? '' : 's'}: ${written} file${written === 1 ? '' : 's'} written, ${report.extra.length - kept.length} removed, ${plan.files.size - written} unchanged in ${outName}/\n`,
  );
  for (const name of kept) io.stderr.write(`warning: ${outName}/${name} is not produced by any spec and was not written by the compiler; left in place\n`);
  return EXIT_OK;
}

export const compileCommand: Command = {
  name: 'compile',
  help: [
    USAGE,
    '',
    'Validates every spec under the specs directory and writes, into the output directory:',
    '  spec-types.ts   TypeScript types of a spec, generated from the schema',
    '  <id>.ts         one typed connector module per spec',
    '  index.ts        `connectors`: every connector by id',
    'Output is byte-identical for the same specs. Nothing is written when a spec has errors.',
    '',
    'Options:',
    formatFlagHelp(flags),
    '',
    'Exit codes: 0 written (or up to date with --check), 1 spec errors or stale output, 2 bad usage.',
  ].join('\n'),
  run,
};
