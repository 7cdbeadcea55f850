/**
 * jq for records paths and mappings. `compileJq` is the only entry point the rest of the project
 * uses; which engine runs the expression is decided here: the in-process engine, or the jq
 * binary (node-jq) for the few constructs the in-process engine refuses, when jq is installed.
 */
export { JqCompileError, JqRuntimeError, type JqFilter } from './engine.js';
export { compileJqInProcess, type InProcessFilter, type Limits } from './in-process-engine.js';
import { compileWithBinary, findJqBinary } from './binary-engine.js';
import { JqCompileError, type JqFilter } from './engine.js';
import { compileJqInProcess } from './in-process-engine.js';

/** Compiles a jq expression once; throws JqCompileError with the position of a syntax error. */
export async function compileJq(expression: string): Promise<JqFilter> {
  try {
    return compileJqInProcess(expression);
  } catch (error) {
    if (error instanceof JqCompileError && error.kind === 'unsupported' && findJqBinary()) {
      return { ...(await compileWithBinary(expression)), refused: error };
    }
    throw error;
  }
}
