/**
 * A small argument parser for the operator commands: long flags (`--x value`, `--x=value`),
 * booleans, repeatable flags, positionals and `--` to end the flags. Anything it does not know is a
 * UsageError (exit 2) that repeats the command's usage line.
 *
 * A value never appears in an error message: an operator who typed `--token=abc` must not see the
 * token echoed back to the terminal (or to a CI log).
 */
import { explainSecretFlag } from './inputs.js';

export type FlagKind = 'string' | 'boolean' | 'list';

export interface FlagSpec {
  kind: FlagKind;
  /** Placeholder shown in help, e.g. `<file.json>`. */
  value?: string;
  description: string;
}

export type FlagSpecs = Record<string, FlagSpec>;

export interface ParsedArgs {
  positionals: string[];
  strings: Record<string, string>;
  booleans: Record<string, boolean>;
  lists: Record<string, string[]>;
}

/** Bad command-line usage; the CLI prints the message and the usage line and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

function flagName(token: string): { name: string; inlineValue: string | undefined } {
  const body = token.slice(2);
  const equals = body.indexOf('=');
  return equals === -1 ? { name: body, inlineValue: undefined } : { name: body.slice(0, equals), inlineValue: body.slice(equals + 1) };
}

function unknownFlag(name: string): UsageError {
  const secret = explainSecretFlag(name);
  return new UsageError(secret ?? `unknown option --${name}`);
}

/** Parses `argv` against the flags a command accepts. Throws UsageError. */
export function parseArgs({ argv, flags }: { argv: string[]; flags: FlagSpecs }): ParsedArgs {
  const parsed: ParsedArgs = { positionals: [], strings: {}, booleans: {}, lists: {} };
  let index = 0;
  while (index < argv.length) {
    const token = argv[index] as string;
    index += 1;
    if (token === '--') {
      parsed.positionals.push(...argv.slice(index));
      break;
    }
    if (!token.startsWith('--') || token === '-') {
      if (token.startsWith('-') && token !== '-') throw new UsageError(`unknown option ${token.split('=')[0]}`);
      parsed.positionals.push(token);
      continue;
    }
    const { name, inlineValue } = flagName(token);
    const spec = flags[name];
    if (!spec) throw unknownFlag(name);
    if (spec.kind === 'boolean') {
      if (inlineValue !== undefined) throw new UsageError(`--${name} takes no value`);
      parsed.booleans[name] = true;
      continue;
    }
    let value = inlineValue;
    if (value === undefined) {
      const next = argv[index];
      if (next === undefined || (next.startsWith('--') && next.length > 2)) {
        throw new UsageError(`--${name} needs a value ${spec.value ?? '<value>'}`);
      }
      value = next;
      index += 1;
    }
    if (spec.kind === 'list') {
      (parsed.lists[name] ??= []).push(value);
    } else {
      if (parsed.strings[name] !== undefined) throw new UsageError(`--${name} given twice`);
      parsed.strings[name] = value;
    }
  }
  return parsed;
}

/** The options part of a command's `--help`, one line per flag, aligned. */
export function formatFlagHelp(flags: FlagSpecs): string {
  const rows = Object.entries(flags).map(([name, spec]) => [
    `--${name}${spec.kind === 'boolean' ? '' : ` ${spec.value ?? '<value>'}`}`,
    spec.description + (spec.kind === 'list' ? ' (repeatable)' : ''),
  ]);
  const width = Math.max(...rows.map(([flag]) => (flag as string).length));
  return rows.map(([flag, text]) => `  ${(flag as string).padEnd(width)}  ${text}`).join('\n');
}
