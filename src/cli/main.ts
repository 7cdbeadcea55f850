/**
 * `connector`: the command-line entry point. Loads only the command it runs, so `connector jq`
 * starts without the HTTP stack. The only place that calls process.exit.
 */
import { EXIT_USAGE, type CliIO, type Command } from './command.js';

/**
 * Every command: its one-line summary for `connector --help`, and how to load it. The summaries live
 * here, not in the command modules, so `--help` loads no command (and none of ajv, handlebars, undici).
 */
interface CommandEntry {
  summary: string;
  load(): Promise<Command>;
}

const commands: Record<string, CommandEntry> = {
  validate: {
    summary: 'Check connector specs and report every problem with file:line:column',
    load: async () => (await import('./commands/validate.js')).validateCommand,
  },
  compile: {
    summary: 'Compile specs/ into typed modules in generated/ (--check: fail when stale)',
    load: async () => (await import('./commands/compile.js')).compileCommand,
  },
  new: {
    summary: 'Scaffold a connector spec (prebuilt, SCIM or build-your-own) that validates',
    load: async () => (await import('./commands/new.js')).newCommand,
  },
  list: {
    summary: 'List the shipped connectors with their type and supported actions',
    load: async () => (await import('./commands/list.js')).listCommand,
  },
  run: {
    summary: 'Run an action (importUsers, createUser, ...) against the target application',
    load: async () => (await import('./commands/run.js')).runCommand,
  },
  test: {
    summary: "Send an action's request once and show the target's response (the Test step)",
    load: async () => (await import('./commands/test.js')).testCommand,
  },
  preview: {
    summary: 'Show how the mapping reads a page of users, or render a write payload (the Preview step)',
    load: async () => (await import('./commands/preview.js')).previewCommand,
  },
  generate: {
    summary: 'Generate Config: propose records path and mapping from a sample users response',
    load: async () => (await import('./commands/generate.js')).generateCommand,
  },
  service: {
    summary: 'Run the integration service (HTTP API) and its operator commands (tenants, tokens, keys)',
    load: async () => (await import('./commands/service.js')).serviceCommand,
  },
  jq: {
    summary: 'Run a jq filter on the built-in engine (like jq -c)',
    load: async () => (await import('./commands/jq.js')).jqCommand,
  },
};

function usage(): string {
  const lines = ['Usage: connector <command> [options]', '', 'Commands:'];
  for (const [name, entry] of Object.entries(commands)) lines.push(`  ${name.padEnd(10)} ${entry.summary}`);
  lines.push('', "Run `connector <command> --help` for a command's options.", '');
  return lines.join('\n');
}

export async function main(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout).write(usage());
    return name === undefined ? EXIT_USAGE : 0;
  }
  const entry = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!entry) {
    io.stderr.write(`connector: unknown command '${name}'\n\n${usage()}`);
    return EXIT_USAGE;
  }
  const command = await entry.load();
  if (!command.subcommands && (rest.includes('--help') || rest.includes('-h'))) {
    io.stdout.write(command.help.endsWith('\n') ? command.help : `${command.help}\n`);
    return 0;
  }
  return command.run(rest, io);
}

/**
 * A reader that closes the pipe early (`connector list | head -1`) is not an error: output stops
 * quietly, as with any Unix filter, instead of Node's unhandled 'error' event and its stack trace.
 * Commands that stream (run --ndjson) also watch for it, to stop fetching pages nobody reads.
 */
function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') return;
    process.exitCode = 1;
  });
}

/** Runs the CLI on this process's arguments and streams; sets the exit code. */
export async function runCli(): Promise<void> {
  quietOnClosedPipe(process.stdout);
  quietOnClosedPipe(process.stderr);
  const io: CliIO = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, cwd: process.cwd() };
  try {
    process.exitCode = await main(process.argv.slice(2), io);
  } catch (error) {
    // A bug of ours, not bad input: say so in one line, without a stack trace.
    process.stderr.write(`connector: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}

// `tsx src/cli/main.ts` (npm run connector, the tests); the installed bin is connector.ts.
const invokedDirectly = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (invokedDirectly) await runCli();
