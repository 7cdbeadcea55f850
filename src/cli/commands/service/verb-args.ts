/**
 * The arguments of a `connector service` command of verbs (`sync`, `workflow`): the verb, then
 * flags, some of them required by that verb. Usage errors name what is wrong and print the usage.
 */
import { randomUUID } from 'node:crypto';
import { EXIT_OK, EXIT_USAGE, type CliIO } from '../../command.js';
import type { FlagSpecs, ParsedArgs } from '../../args.js';
import type { Service } from '../../../service/index.js';
import { printResult } from './print-result.js';
import { parseOrUsage, storageOptions, withService } from './storage-flags.js';

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

/** A verb's work on the opened service; what it returns is printed (print-result.ts). */
export type ServiceVerb = (service: Service, parsed: ParsedArgs, io: CliIO) => Promise<unknown>;

/** Parses the verb and its flags, opens the service (or reaches a running one) and prints the verb's result. */
export async function runServiceVerb(input: {
  args: string[];
  verbs: Record<string, ServiceVerb>;
  flags: FlagSpecs;
  usage: string;
  io: CliIO;
  required: (verb: string) => string[];
}): Promise<number> {
  const given = parseVerbArgs(input);
  if (typeof given === 'number') return given;
  const { work, parsed } = given;
  return withService(storageOptions(parsed, input.io), input.io, async (service) => {
    printResult(await work(service, parsed, input.io), input.io);
    return EXIT_OK;
  });
}

/** `--key`, else a new key, printed on stderr with what repeating it does (`repeats`, e.g. "return this workflow instead of starting another"). */
export function idempotencyKey(parsed: ParsedArgs, io: CliIO, repeats: string): string {
  if (parsed.strings.key !== undefined) return parsed.strings.key;
  const key = randomUUID();
  io.stderr.write(`idempotency key ${key} (repeat with --key ${key} to ${repeats})\n`);
  return key;
}
