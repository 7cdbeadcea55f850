/**
 * What every CLI command is. Commands return an exit code and write through `io`, so tests can run
 * them in-process as well as in a subprocess; only main.ts calls process.exit.
 *
 * Exit codes, for every command: 0 ok, 1 the action or validation failed, 2 bad usage.
 * (`connector jq` follows jq's own codes instead: 3 compile error, 5 runtime error.)
 */
export interface CliIO {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  stdin: NodeJS.ReadableStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export interface Command {
  name: string;
  /** Full `--help` text of the command. */
  help: string;
  /** A command of subcommands answers `--help` itself: with the subcommand's help when one is named. */
  subcommands?: true;
  run(args: string[], io: CliIO): Promise<number>;
}

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
