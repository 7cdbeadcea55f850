/** Shared helper for the engine's table-driven tests: every output of `program` on `input`. */
import { compileJqInProcess, type Limits } from '../../../src/jq/index.js';

export interface JqCase {
  given: string;
  input: unknown;
  want: unknown[];
}

export function runJq(program: string, input: unknown, limits?: Partial<Limits>): unknown[] {
  return compileJqInProcess(program, limits).runSync(input);
}
