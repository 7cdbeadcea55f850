/**
 * `connector jq` prints computed numbers as jq 1.8.1 does (`jq -c`, 17 significant digits, C's %g
 * style exponents). jq 1.8 prints an unchanged input literal in its own canonical form (`1E+17`);
 * the engine keeps no literals, so it is compared on computed values (`. * 1`).
 */
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatJqNumber } from '../../src/cli/jq/format-jq-output.js';
import { checkReferenceJq, REFERENCE_JQ } from './reference-jq.js';

beforeAll(checkReferenceJq);

describe('number text', () => {
  const numbers = [0.1, 1e-7, 1e17, 1e16, 12345678901234567, 100, 1.5, -0, 0.00001, 0.0001, 1e300, 123e-20, -3.14159, 2 ** 53 + 2, 1e21, 5e-324];
  it('matches jq 1.8.1 -c on computed numbers', () => {
    const jq = spawnSync(REFERENCE_JQ, ['-c', '.[] | . * 1'], {
      input: `[${numbers.map((n) => (Object.is(n, -0) ? '-0' : String(n))).join(',')}]`,
      encoding: 'utf8',
    });
    expect(jq.status).toBe(0);
    expect(numbers.map(formatJqNumber).join('\n')).toBe(jq.stdout.trimEnd());
  });
});
