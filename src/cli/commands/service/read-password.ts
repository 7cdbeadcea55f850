/**
 * A password for `service operator create`, never a flag (flags land in shell history and `ps`):
 * from a terminal, a prompt on stderr with echo off (raw mode, one character at a time); from a
 * pipe, the first line of standard input.
 */
import type { CliIO } from '../../command.js';

type TtyInput = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

async function firstLine(stdin: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/u)[0] ?? '';
}

function promptHidden(stdin: TtyInput, io: CliIO, prompt: string): Promise<string> {
  io.stderr.write(prompt);
  stdin.setRawMode?.(true);
  stdin.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (error?: Error) => {
      stdin.removeListener('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      io.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of String(chunk)) {
        if (char === '\r' || char === '\n' || char === '\u0004') return done();
        if (char === '\u0003') return done(new Error('cancelled'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    stdin.on('data', onData);
  });
}

export async function readPassword(io: CliIO): Promise<string> {
  const stdin = io.stdin as TtyInput;
  if (stdin.isTTY !== true) return firstLine(stdin);
  const password = await promptHidden(stdin, io, 'Password (not shown): ');
  const again = await promptHidden(stdin, io, 'Password again: ');
  if (password !== again) throw new Error('the two passwords differ; nothing was created');
  return password;
}
