/** `connector jq` input sources: the files named on the command line, or stdin. */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CliIO } from '../command.js';
import type { Options } from './jq-options.js';
import { readJsonStream } from './read-json-stream.js';

export interface InputSource {
  name: string;
  text: string;
}

/** Every input value of every source, lazily, labelled as jq labels them (`<file>:<line>`). */
export function* streamInputs(sources: InputSource[]): Generator<{ value: unknown; at: string }> {
  for (const { name, text } of sources) {
    for (const { value, line } of readJsonStream(text)) yield { value, at: `${name}:${line}` };
  }
}

export async function readInputs(options: Options, io: CliIO): Promise<InputSource[]> {
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
