/**
 * How the operator commands print a failure: one block with the code, what happened, where (action,
 * method, redacted URL, status), what the target said and what to do. Never a stack trace: the
 * runtime's ConnectorError already carries everything an operator can act on, redacted.
 */
import { isConnectorError } from '../runtime/errors.js';
import { isServiceError } from '../service/service-error.js';
import { UsageError } from './args.js';
import { EXIT_FAILED, EXIT_USAGE } from './command.js';
import { sanitizeText, shouldUseColor } from './format-table.js';
import { InputsError } from './inputs.js';
import { ResolveConnectorError } from './resolve-connector.js';

function paint(text: string, code: string, color: boolean): string {
  return color ? `\u001b[${code}m${text}\u001b[0m` : text;
}

/** The error block for any thrown value; ends with a newline. */
export function formatError({ error, color }: { error: unknown; color: boolean }): string {
  if (isServiceError(error)) {
    const lines = [`${paint(`error ${error.code}`, '31;1', color)}: ${sanitizeText(error.message)}`];
    if (error.hint) lines.push(`  hint:    ${sanitizeText(error.hint)}`);
    return `${lines.join('\n')}\n`;
  }
  if (!isConnectorError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return `${paint('error', '31;1', color)}: ${sanitizeText(message)}\n`;
  }
  const rows: [string, string | undefined][] = [
    ['action', error.action],
    ['request', error.method || error.url ? [error.method, error.url].filter(Boolean).join(' ') : undefined],
    ['status', error.status === undefined ? undefined : String(error.status)],
    ['target', error.bodyExcerpt],
    // The runtime's hint says to raise the timeouts; from the command line that is one option.
    ['hint', error.code === 'TIMEOUT' ? `${error.hint ?? ''} Commands take --timeout <seconds> (default 30 per request).`.trim() : error.hint],
  ];
  const lines = [`${paint(`error ${error.code}`, '31;1', color)}: ${sanitizeText(error.message)}`];
  for (const [label, value] of rows) {
    if (value !== undefined && value !== '') lines.push(`  ${`${label}:`.padEnd(9)}${sanitizeText(value)}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Prints a failure and returns the exit code: 2 for bad usage (options, inputs, unknown connector)
 * with the command's usage line, 1 for everything else (invalid spec, failed action).
 */
export function reportFailure({
  error,
  io,
  usage,
}: {
  error: unknown;
  io: { stderr: { write(text: string): unknown; isTTY?: boolean }; env: NodeJS.ProcessEnv };
  usage: string;
}): number {
  const color = shouldUseColor(io.stderr, io.env);
  if (error instanceof UsageError || error instanceof InputsError) {
    io.stderr.write(`${paint('error', '31;1', color)}: ${sanitizeText(error.message).replaceAll('⏎', '\n')}\n${usage}\n`);
    return EXIT_USAGE;
  }
  if (error instanceof ResolveConnectorError) {
    io.stderr.write(`${paint('error', '31;1', color)}: ${error.message}\n${error.exitCode === EXIT_USAGE ? `${usage}\n` : ''}`);
    return error.exitCode;
  }
  io.stderr.write(formatError({ error, color }));
  return EXIT_FAILED;
}
