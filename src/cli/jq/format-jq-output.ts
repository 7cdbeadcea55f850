/** What `connector jq` prints: values as `jq -c` does, and jq's compile- and runtime-error reports. */
import * as jq from '../../jq/index.js';

/** jq 1.7's number text: shortest round-trip digits, exponent form outside 1e-5..1e17, ±DBL_MAX for infinities. */
export function formatJqNumber(value: number): string {
  if (Number.isNaN(value)) return 'null';
  if (!Number.isFinite(value)) return value > 0 ? '1.7976931348623157e+308' : '-1.7976931348623157e+308';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const [mantissa = '', exponentText = '0'] = Math.abs(value).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const point = Number(exponentText) + 1; // digits before the decimal point (jvp_dtoa_fmt's decpt)
  const sign = value < 0 ? '-' : '';
  if (point <= -4 || point > digits.length + 15) {
    const exponent = point - 1;
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : '';
    return `${sign}${digits[0]}${fraction}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Compact JSON text as `jq -c` prints it (DEL escaped like jq does). */
export function formatJqCompact(value: unknown): string {
  if (typeof value === 'number') return formatJqNumber(value);
  if (typeof value === 'string') return JSON.stringify(value).replace(/\u007f/gu, '\\u007f');
  if (Array.isArray(value)) return `[${value.map(formatJqCompact).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const fields = Object.entries(value as Record<string, unknown>).map(([key, item]) => `${formatJqCompact(key)}:${formatJqCompact(item)}`);
    return `{${fields.join(',')}}`;
  }
  return value === true || value === false ? String(value) : 'null';
}

/** jq's compile-error report: message, line and column, the filter line and a caret under the place. */
export function formatCompileError(error: InstanceType<typeof jq.JqCompileError>, filter: string): string {
  if (error.offset === undefined) return `jq: error: ${error.message}\njq: 1 compile error\n`;
  const before = filter.slice(0, error.offset);
  const line = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const column = error.offset - lineStart + 1;
  const text = filter.slice(lineStart).split('\n')[0] ?? '';
  const caret = `${' '.repeat(column - 1)}^`;
  // The engine's message may end with the raw offset; the line and column below replace it.
  const message = error.message.replace(/ at offset \d+$/u, '');
  return `jq: error: ${message} at <top-level>, line ${line}, column ${column}:\n    ${text}\n    ${caret}\njq: 1 compile error\n`;
}

/** jq's runtime-error line; error(value) with a non-string value is shown as JSON. */
export function formatRuntimeError(error: unknown, at: string): string {
  if (error instanceof jq.JqRuntimeError) {
    if (error.value !== undefined && typeof error.value !== 'string') {
      return `jq: error (at ${at}) (not a string): ${formatJqCompact(error.value)}\n`;
    }
    return `jq: error (at ${at}): ${error.message}\n`;
  }
  return `jq: error (at ${at}): ${error instanceof Error ? error.message : String(error)}\n`;
}
