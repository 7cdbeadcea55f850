/**
 * The engine the suite measures: the in-process compiler only, never the jq-binary fallback (which
 * would measure jq itself). Loaded through src/jq/index.ts's `compileJqInProcess`, which throws
 * JqCompileError kind 'unsupported' for constructs the engine refuses.
 */
import * as jq from '../../../src/jq/index.js';

export interface SuiteFilter {
  run(input: unknown): unknown[] | Promise<unknown[]>;
}

export interface SuiteEngine {
  compile(program: string): SuiteFilter;
}

/** The in-process engine, or a message saying why it is not available yet. */
export function loadInProcessEngine(): SuiteEngine | string {
  const compile = (jq as Record<string, unknown>).compileJqInProcess;
  if (typeof compile !== 'function') {
    return 'src/jq/index.ts does not export compileJqInProcess(expression) yet: the jq suite measures the in-process engine only';
  }
  return {
    compile(program) {
      const filter = (compile as (expression: string) => SuiteFilter & { engine?: string })(program);
      if (filter.engine !== undefined && filter.engine !== 'in-process') {
        throw new Error(`compileJqInProcess returned a '${filter.engine}' filter for ${program}`);
      }
      return filter;
    },
  };
}
