/**
 * How a `connector service` verb prints what it did, as JSON on stdout. A verb that starts a
 * workflow under an idempotency key returns `{ workflow, created }`: the workflow is printed, and a
 * key that returned an earlier workflow is said on stderr, so a repeated command never reads as a
 * new start.
 */
import type { CliIO } from '../../command.js';

export function printResult(result: unknown, io: CliIO): void {
  if (result !== null && typeof result === 'object' && 'created' in result && 'workflow' in result) {
    if (result.created === false) io.stderr.write('this idempotency key already started the workflow below; nothing new was started\n');
    io.stdout.write(`${JSON.stringify(result.workflow, null, 2)}\n`);
    return;
  }
  io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
