/**
 * How a `connector service` verb prints what it did on stdout: JSON, or `RawText` as it is (the
 * review report's CSV or HTML). A verb that starts a workflow under an idempotency key returns
 * `{ workflow, created }`: the workflow is printed, and a key that returned an earlier workflow is
 * said on stderr, so a repeated command never reads as a new start.
 */
import type { CliIO } from '../../command.js';

/** Output printed as it is, not as JSON. */
export class RawText {
  constructor(readonly text: string) {}
}

export function printResult(result: unknown, io: CliIO): void {
  if (result instanceof RawText) {
    io.stdout.write(result.text);
    return;
  }
  if (result !== null && typeof result === 'object' && 'created' in result && 'workflow' in result) {
    if (result.created === false) io.stderr.write('this idempotency key already started the workflow below; nothing new was started\n');
    io.stdout.write(`${JSON.stringify(result.workflow, null, 2)}\n`);
    return;
  }
  io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
