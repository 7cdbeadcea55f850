/**
 * jq for records paths and mappings. `compileJq` is the only entry point the rest of the project
 * uses; which engine runs the expression is decided here.
 */
export { JqCompileError, JqRuntimeError, type JqFilter } from './engine.js';
import { compileWithBinary } from './binary-engine.js';
import type { JqFilter } from './engine.js';

/** Compiles a jq expression once; throws JqCompileError with the position of a syntax error. */
export async function compileJq(expression: string): Promise<JqFilter> {
  return compileWithBinary(expression);
}
