/**
 * `connector validate [paths...]`: checks spec files (directories are searched for *.yaml and
 * *.yml; default `specs`) and prints every problem with its place. Exit 0 valid, 1 invalid, 2 usage.
 */
import { relative, resolve, sep } from 'node:path';
import { hasErrors, type Diagnostic } from '../../compiler/diagnostic.js';
import { findSpecFiles, loadSpecFile, validateSpecText } from '../../compiler/index.js';
import { formatFlagHelp, parseArgs, UsageError, type FlagSpecs } from '../args.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from '../command.js';
import { DIAGNOSTIC_FORMATS, formatDiagnostics, type DiagnosticFormat } from '../format-diagnostics.js';

const flags: FlagSpecs = {
  format: { kind: 'string', value: 'human|json|github', description: 'output format (default human)' },
};

const USAGE = 'Usage: connector validate [paths...] [--format human|json|github]';

/** A path as the user sees it: relative to the working directory, with forward slashes. */
export function displayPath(path: string, cwd: string): string {
  const shown = relative(cwd, path) || path;
  return (shown.startsWith('..') ? path : shown).split(sep).join('/');
}

export function parseFormat(value: string | undefined): DiagnosticFormat {
  if (value === undefined) return 'human';
  if (!(DIAGNOSTIC_FORMATS as readonly string[]).includes(value)) throw new UsageError(`--format must be one of ${DIAGNOSTIC_FORMATS.join(', ')}`);
  return value as DiagnosticFormat;
}

/** Loads and validates files; returns the diagnostics and the texts (for source lines in messages). */
export async function validateFiles(input: { files: readonly string[]; cwd: string }): Promise<{ diagnostics: Diagnostic[]; sources: Map<string, string> }> {
  const diagnostics: Diagnostic[] = [];
  const sources = new Map<string, string>();
  for (const path of input.files) {
    const file = displayPath(path, input.cwd);
    const loaded = await loadSpecFile(path, { file });
    diagnostics.push(...loaded.diagnostics);
    if (loaded.text === undefined || hasErrors(loaded.diagnostics)) continue;
    sources.set(file, loaded.text);
    diagnostics.push(...(await validateSpecText({ text: loaded.text, file, jqPolicy: 'trusted' })).diagnostics);
  }
  return { diagnostics, sources };
}

async function run(args: string[], io: CliIO): Promise<number> {
  let format: DiagnosticFormat;
  let paths: string[];
  try {
    const parsed = parseArgs({ argv: args, flags });
    format = parseFormat(parsed.strings.format);
    paths = parsed.positionals.length > 0 ? parsed.positionals : ['specs'];
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`connector validate: ${error.message}\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  const found = await findSpecFiles(paths.map((p) => resolve(io.cwd, p)));
  if (found.missing.length > 0) {
    io.stderr.write(`connector validate: no such file or directory: ${found.missing.map((p) => displayPath(p, io.cwd)).join(', ')}\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  const { diagnostics, sources } = await validateFiles({ files: found.files, cwd: io.cwd });
  const failed = hasErrors(diagnostics);
  if (format === 'json') {
    const files = found.files.map((f) => displayPath(f, io.cwd));
    io.stdout.write(`${JSON.stringify({ valid: !failed, files, diagnostics }, null, 2)}\n`);
  } else {
    io.stdout.write(formatDiagnostics(diagnostics, { format, sources }));
    if (format === 'human') {
      const errors = diagnostics.filter((d) => d.severity === 'error').length;
      const warnings = diagnostics.length - errors;
      const count = `${found.files.length} spec file${found.files.length === 1 ? '' : 's'}`;
      io.stdout.write(
        failed
          ? `${diagnostics.length > 0 ? '\n' : ''}${count} checked: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`
          : `${count} checked: all valid${warnings > 0 ? ` (${warnings} warning${warnings === 1 ? '' : 's'})` : ''}\n`,
      );
    }
  }
  return failed ? EXIT_FAILED : EXIT_OK;
}

export const validateCommand: Command = {
  name: 'validate',
  help: [
    USAGE,
    '',
    'Checks each spec against the spec schema and the semantic rules (jq expressions compile,',
    'templates use only the variables of their action, path placeholders are defined, id/email/name',
    'are mapped, prebuilt specs support exactly their actions, no secret is written inline, ...).',
    'Directories are searched for *.yaml and *.yml files; the default path is `specs`.',
    '',
    'Options:',
    formatFlagHelp(flags),
    '',
    'Exit codes: 0 all valid (warnings allowed), 1 a spec has errors, 2 bad usage or missing path.',
  ].join('\n'),
  run,
};
