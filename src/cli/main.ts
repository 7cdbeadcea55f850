/**
 * `connector`: the command-line entry point. Loads only the command it runs, so `connector jq`
 * starts without the HTTP stack. The only place that calls process.exit.
 */
import { EXIT_USAGE, type CliIO, type Command } from './command.js';

const commands: Record<string, () => Promise<Command>> = {
  validate: async () => (await import('./commands/validate.js')).validateCommand,
  compile: async () => (await import('./commands/compile.js')).compileCommand,
  new: async () => (await import('./commands/new.js')).newCommand,
  list: async () => (await import('./commands/list.js')).listCommand,
  run: async () => (await import('./commands/run.js')).runCommand,
  test: async () => (await import('./commands/test.js')).testCommand,
  preview: async () => (await import('./commands/preview.js')).previewCommand,
  generate: async () => (await import('./commands/generate.js')).generateCommand,
  jq: async () => (await import('./commands/jq.js')).jqCommand,
};

async function usage(): Promise<string> {
  const lines = ['Usage: connector <command> [options]', '', 'Commands:'];
  for (const load of Object.values(commands)) {
    const command = await load();
    lines.push(`  ${command.name.padEnd(10)} ${command.summary}`);
  }
  lines.push('', 'Run `connector <command> --help` for a command\'s options.', '');
  return lines.join('\n');
}

export async function main(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout).write(await usage());
    return name === undefined ? EXIT_USAGE : 0;
  }
  const load = commands[name];
  if (!load) {
    io.stderr.write(`connector: unknown command '${name}'\n\n${await usage()}`);
    return EXIT_USAGE;
  }
  const command = await load();
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(command.help.endsWith('\n') ? command.help : `${command.help}\n`);
    return 0;
  }
  return command.run(rest, io);
}

/** Runs the CLI on this process's arguments and streams; sets the exit code. */
export async function runCli(): Promise<void> {
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
