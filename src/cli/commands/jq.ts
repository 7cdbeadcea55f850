/**
 * `connector jq <filter> [file...]`: runs a filter on the in-process engine the way `jq -c` runs it,
 * so operators can try a records path or a mapping without installing jq. Input is a stream of
 * whitespace-separated JSON values (file or stdin); each output is one compact line, numbers in
 * jq's format. Exit codes are jq's: 2 usage or unreadable input, 3 compile error, 5 runtime error.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import * as jq from '../../jq/index.js';
import { EXIT_OK, EXIT_USAGE, type CliIO, type Command } from '../command.js';

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

interface Options {
  raw: boolean;
  nullInput: boolean;
  filter: string;
  files: string[];
}

function parseOptions(args: string[]): Options | string {
  const options: Options = { raw: false, nullInput: false, filter: '', files: [] };
  const positional: string[] = [];
  for (const [index, arg] of args.entries()) {
    if (arg === '--') {
      positional.push(...args.slice(index + 1));
      break;
    }
    if (/^-[rnc]+$/u.test(arg)) {
      options.raw ||= arg.includes('r');
      options.nullInput ||= arg.includes('n');
    } else if (arg === '--raw-output') options.raw = true;
    else if (arg === '--null-input') options.nullInput = true;
    else if (arg === '--compact' || arg === '--compact-output') continue;
    else if (arg === '-h' || arg === '--help') return 'help';
    else if (arg.startsWith('-') && arg !== '-') return `unknown option '${arg}'`;
    else positional.push(arg);
  }
  const [filter, ...files] = positional;
  if (filter === undefined) return 'missing <filter>';
  return { ...options, filter, files };
}

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

/** jq's compile-error report: message, line and column, the filter line and a caret under the place. */
function formatCompileError(error: InstanceType<typeof jq.JqCompileError>, filter: string): string {
  if (error.offset === undefined) return `jq: error: ${error.message}\njq: 1 compile error\n`;
  const before = filter.slice(0, error.offset);
  const line = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const column = error.offset - lineStart + 1;
  const text = filter.slice(lineStart).split('\n')[0] ?? '';
  const caret = `${' '.repeat(column - 1)}^`;
  // The engine's message may end with the raw offset; the line and column below replace it.
  const message = error.message.replace(/ at offset \d+$/u, '');
  return `jq: error: ${message} at <top-level>, line ${line}, column ${column}:\n    ${text}\n    ${caret}\njq: 1 compile error\n`;
}

/** jq 1.7's number text: shortest round-trip digits, exponent form outside 1e-5..1e17, ±DBL_MAX for infinities. */
export function formatJqNumber(value: number): string {
  if (Number.isNaN(value)) return 'null';
  if (!Number.isFinite(value)) return value > 0 ? '1.7976931348623157e+308' : '-1.7976931348623157e+308';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const [mantissa = '', exponentText = '0'] = Math.abs(value).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const point = Number(exponentText) + 1; // digits before the decimal point (jvp_dtoa_fmt's decpt)
  const sign = value < 0 ? '-' : '';
  if (point <= -4 || point > digits.length + 15) {
    const exponent = point - 1;
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : '';
    return `${sign}${digits[0]}${fraction}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Compact JSON text as `jq -c` prints it (DEL escaped like jq does). */
export function formatJqCompact(value: unknown): string {
  if (typeof value === 'number') return formatJqNumber(value);
  if (typeof value === 'string') return JSON.stringify(value).replace(/\u007f/gu, '\\u007f');
  if (Array.isArray(value)) return `[${value.map(formatJqCompact).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const fields = Object.entries(value as Record<string, unknown>).map(([key, item]) => `${formatJqCompact(key)}:${formatJqCompact(item)}`);
    return `{${fields.join(',')}}`;
  }
  return value === true || value === false ? String(value) : 'null';
}

export class JsonStreamError extends Error {
  override readonly name = 'JsonStreamError';
}

interface StreamValue {
  value: unknown;
  /** jq's "(at <file>:N)": newlines read when the value was complete, its delimiter included. */
  line: number;
}

/** The whitespace-separated JSON values of a text, read lazily like jq (values before a bad one still run). */
export function* readJsonStream(text: string): Generator<StreamValue> {
  let position = text.startsWith('\uFEFF') ? 1 : 0;
  const where = (at: number): string => {
    const before = text.slice(0, at);
    return `at line ${before.split('\n').length}, column ${at - before.lastIndexOf('\n') - 1}`;
  };
  for (;;) {
    while (/\s/u.test(text[position] ?? '')) position += 1;
    if (position >= text.length) return;
    const start = position;
    let depth = 0;
    let inString = false;
    for (; position < text.length; position += 1) {
      const char = text[position];
      if (inString) {
        if (char === '\\') position += 1;
        else if (char === '"') inString = false;
        if (inString || depth > 0) continue;
        position += 1;
        break;
      }
      if (char === '"') inString = true;
      else if (char === '{' || char === '[') depth += 1;
      else if (char === '}' || char === ']') {
        depth -= 1;
        if (depth <= 0) {
          position += 1;
          break;
        }
      } else if (depth === 0 && /[\s,:{["]/u.test(char ?? '') && position > start) break;
    }
    if (position === start) position += 1;
    const piece = text.slice(start, position);
    let value: unknown;
    try {
      value = JSON.parse(piece);
    } catch (error) {
      const reason = depth > 0 || inString ? 'Unfinished JSON term at EOF' : (error as Error).message;
      throw new JsonStreamError(`${reason} ${where(position)}`);
    }
    yield { value, line: text.slice(0, position + 1).split('\n').length - 1 };
  }
}

/** Every input value of every source, lazily, labelled as jq labels them (`<file>:<line>`). */
function* streamInputs(sources: Array<{ name: string; text: string }>): Generator<{ value: unknown; at: string }> {
  for (const { name, text } of sources) {
    for (const { value, line } of readJsonStream(text)) yield { value, at: `${name}:${line}` };
  }
}

async function readInputs(options: Options, io: CliIO): Promise<Array<{ name: string; text: string }>> {
  if (options.files.length > 0) {
    return Promise.all(
      options.files.map(async (file) => {
        try {
          return { name: file, text: await readFile(resolve(io.cwd, file), 'utf8') };
        } catch (error) {
          const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'No such file or directory' : (error as Error).message;
          throw new Error(`Could not open ${file}: ${reason}`);
        }
      }),
    );
  }
  let text = '';
  for await (const chunk of io.stdin) text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  return [{ name: '<stdin>', text }];
}

/** jq's runtime-error line; error(value) with a non-string value is shown as JSON. */
function formatRuntimeError(error: unknown, at: string): string {
  if (error instanceof jq.JqRuntimeError) {
    if (error.value !== undefined && typeof error.value !== 'string') {
      return `jq: error (at ${at}) (not a string): ${formatJqCompact(error.value)}\n`;
    }
    return `jq: error (at ${at}): ${error.message}\n`;
  }
  return `jq: error (at ${at}): ${error instanceof Error ? error.message : String(error)}\n`;
}

export const jqCommand: Command = {
  name: 'jq',
  summary: 'Run a jq filter on the built-in engine (like jq -c)',
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
    let sources: Array<{ name: string; text: string }> = [];
    try {
      if (!options.nullInput) sources = await readInputs(options, io);
    } catch (error) {
      io.stderr.write(`jq: error: ${(error as Error).message}\n`);
      return EXIT_USAGE;
    }
    const inputs = options.nullInput
      ? [{ value: null as unknown, at: '<unknown>' }]
      : streamInputs(sources);
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
