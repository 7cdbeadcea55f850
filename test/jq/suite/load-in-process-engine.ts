/**
 * The engine the suite measures: the in-process compiler only, never the jq-binary fallback (which
 * would measure jq itself). `compileJqInProcess` throws JqCompileError kind 'unsupported' for the
 * constructs the engine refuses.
 */
import { compileJqInProcess } from '../../../src/jq/index.js';

export interface SuiteFilter {
  run(input: unknown): unknown[] | Promise<unknown[]>;
}

export interface SuiteEngine {
  compile(program: string): SuiteFilter;
}

/** The in-process engine, checked to be one (a message when it is not). */
export function loadInProcessEngine(): SuiteEngine | string {
  if (typeof compileJqInProcess !== 'function') return 'src/jq/index.ts does not export compileJqInProcess(expression)';
  return {
    compile(program) {
      const filter = compileJqInProcess(program);
      if (filter.engine !== 'in-process') throw new Error(`compileJqInProcess returned a '${String(filter.engine)}' filter for ${program}`);
      return filter;
    },
  };
}
