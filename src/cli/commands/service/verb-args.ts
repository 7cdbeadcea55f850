/**
 * The arguments of a `connector service` command of verbs (`sync`, `workflow`): the verb, then
 * flags, some of them required by that verb. Usage errors name what is wrong and print the usage.
 */
import { EXIT_USAGE, type CliIO } from '../../command.js';
import type { FlagSpecs, ParsedArgs } from '../../args.js';
import { parseOrUsage } from './storage-flags.js';

function has(parsed: ParsedArgs, flag: string): boolean {
  return parsed.strings[flag] !== undefined || (parsed.lists[flag]?.length ?? 0) > 0;
}

/** The verb's work and the parsed flags, or the usage exit code once the problem is printed. */
export function parseVerbArgs<Work>(input: {
  args: string[];
  verbs: Record<string, Work>;
  flags: FlagSpecs;
  usage: string;
  io: CliIO;
  /** The flags this verb cannot do without. */
  required: (verb: string) => string[];
}): { verb: string; work: Work; parsed: ParsedArgs } | number {
  const { verbs, usage, io } = input;
  const [verb, ...rest] = input.args;
  if (verb === undefined || !Object.hasOwn(verbs, verb)) {
    io.stderr.write(`error: expected one of ${Object.keys(verbs).join(', ')}\n${usage}\n`);
    return EXIT_USAGE;
  }
  const parsed = parseOrUsage({ args: rest, flags: input.flags, usage, io });
  if (typeof parsed === 'number') return parsed;
  const missing = input.required(verb).filter((flag) => !has(parsed, flag));
  if (missing.length > 0) {
    io.stderr.write(`error: ${verb} needs ${missing.map((flag) => `--${flag}`).join(', ')}\n${usage}\n`);
    return EXIT_USAGE;
  }
  return { verb, work: verbs[verb]!, parsed };
}
