/**
 * The output streams of an operator command: every write goes through a redactor that knows the
 * secret input values, as a second line of defence behind the runtime's own redaction, and a
 * reader that closes the pipe early (`| head -1`) ends output quietly.
 */
import type { CliIO } from './command.js';
import { Redactor } from '../runtime/redact.js';
import { environmentSecrets } from './inputs.js';

/** An output stream of a session: redacted, and aware that its reader may have gone away. */
export interface SessionStream {
  write(text: string): unknown;
  isTTY?: boolean;
  /** The terminal's width, for tables that fit it. */
  readonly columns?: number;
  /** True once the reader closed the pipe (`connector run ... --ndjson | head -3`). */
  readonly closed: boolean;
}

export interface SessionIO extends CliIO {
  stdout: SessionStream;
  stderr: SessionStream;
}

/**
 * Writes through the redactor, so no secret input value reaches the terminal or a log. A reader that
 * closes the pipe early (EPIPE) is not an error: output stops quietly, as with any Unix filter.
 */
export function redactIO(io: CliIO, secrets: string[]): SessionIO {
  const redactor = new Redactor();
  for (const secret of secrets) redactor.registerSecret(secret);
  const wrap = (stream: CliIO['stdout']): SessionStream => {
    let closed = false;
    const events = stream as { once?: (event: string, listener: (error: NodeJS.ErrnoException) => void) => unknown };
    events.once?.('error', () => {
      closed = true;
    });
    return {
      isTTY: stream.isTTY,
      // A getter: the width follows the terminal when it is resized.
      get columns() {
        return (stream as { columns?: number }).columns;
      },
      get closed() {
        return closed;
      },
      write: (text: string) => (closed ? false : stream.write(redactor.redact(text))),
    };
  };
  return { ...io, stdout: wrap(io.stdout), stderr: wrap(io.stderr) };
}

/**
 * The command's io before the connector is known, redacting the secret-looking
 * `CONNECTOR_INPUT_*` values of the environment: a usage error quotes what the operator typed, and a
 * token pasted as a stray argument must not be echoed back into the terminal or a CI log.
 */
export function redactEnvironmentIO(io: CliIO): SessionIO {
  return redactIO(io, environmentSecrets(io.env));
}
