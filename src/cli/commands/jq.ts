/**
 * `connector jq <filter> [file...]`: runs a filter on the in-process engine the way `jq -c` runs it,
 * so operators can try a records path or a mapping without installing jq. Input is a stream of
 * whitespace-separated JSON values (file or stdin); each output is one compact line, numbers in
 * jq's format. Exit codes are jq's: 2 usage or unreadable input, 3 compile error, 5 runtime error.
 */
import * as jq from '../../jq/index.js';
import { EXIT_OK, EXIT_USAGE, type Command } from '../command.js';
import { formatCompileError, formatJqCompact, formatRuntimeError } from '../jq/format-jq-output.js';
import { parseOptions } from '../jq/jq-options.js';
import { readInputs, streamInputs, type InputSource } from '../jq/read-jq-inputs.js';
import { JsonStreamError } from '../jq/read-json-stream.js';

const EXIT_COMPILE = 3;
const EXIT_RUNTIME = 5;

interface CompiledFilter {
  run(input: unknown): unknown[] | Promise<unknown[]>;
}

const help = `Usage: connector jq [options] <filter> [file...]

Runs a jq filter on the built-in (in-process) jq engine, like \`jq -c\`: reads JSON values from the
files, or from stdin, and prints each output on its own line. Use it to try a records path or a
mapping expression from a spec before running the connector.

Options:
  -r, --raw-output   print strings without quotes
  -n, --null-input   run the filter once on null instead of reading input
  -c, --compact      accepted for jq compatibility (output is always compact)
  -h, --help         show this help

Exit codes: 0 ok, 2 usage or unreadable input, 3 the filter does not compile, 5 a runtime error.

Examples:
  echo '{"users":[{"id":"P1","role":"owner"}]}' | connector jq '.users[] | {id, admin: (.role == "owner")}'
  connector jq -r '.users[].email' page.json
`;

/** The in-process engine only: `connector jq` must show what a mapping does without a jq binary. */
async function compileFilter(expression: string): Promise<CompiledFilter> {
  return jq.compileJqInProcess(expression);
}

/**
 * run() reports an error without the outputs before it; `try (filter)` stops at the first error
 * and keeps them, which is what jq prints for that input.
 */
async function outputsBeforeError(expression: string, input: unknown): Promise<unknown[]> {
  try {
    return await (await compileFilter(`try (${expression})`)).run(input);
  } catch {
    return [];
  }
}

export const jqCommand: Command = {
  name: 'jq',
  help,
  async run(args, io) {
    const options = parseOptions(args);
    if (options === 'help') {
      io.stdout.write(help);
      return EXIT_OK;
    }
    if (typeof options === 'string') {
      io.stderr.write(`connector jq: ${options}\n\n${help}`);
      return EXIT_USAGE;
    }
    let filter: CompiledFilter;
    try {
      filter = await compileFilter(options.filter);
    } catch (error) {
      if (!(error instanceof jq.JqCompileError)) throw error;
      io.stderr.write(formatCompileError(error, options.filter));
      return EXIT_COMPILE;
    }
    let sources: InputSource[] = [];
    try {
      if (!options.nullInput) sources = await readInputs(options, io);
    } catch (error) {
      io.stderr.write(`jq: error: ${(error as Error).message}\n`);
      return EXIT_USAGE;
    }
    const inputs = options.nullInput ? [{ value: null as unknown, at: '<unknown>' }] : streamInputs(sources);
    const print = (outputs: unknown[]): void => {
      const lines = outputs.map((output) => (options.raw && typeof output === 'string' ? output : formatJqCompact(output)));
      if (lines.length > 0) io.stdout.write(`${lines.join('\n')}\n`);
    };
    let exitCode = EXIT_OK;
    try {
      for (const { value, at } of inputs) {
        try {
          print(await filter.run(value));
        } catch (error) {
          // Like jq: print what came before the error, report it, carry on with the next input, exit 5 at the end.
          print(await outputsBeforeError(options.filter, value));
          io.stderr.write(formatRuntimeError(error, at));
          exitCode = EXIT_RUNTIME;
        }
      }
    } catch (error) {
      if (!(error instanceof JsonStreamError)) throw error;
      io.stderr.write(`jq: parse error: ${error.message}\n`);
      return EXIT_USAGE;
    }
    return exitCode;
  },
};
