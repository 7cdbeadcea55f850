/**
 * Runs (expression, input) pairs on the in-process engine and on the jq binary and lists every
 * disagreement. Agreement means the same outputs in the same order, equal as jq compares values, or
 * an error in both (the wording of jq's messages is not compared). Outputs equal in value but
 * printed differently by jq -c (object key order) are listed apart, in `textDiffers`.
 */
import { equalJqValues } from '../../jq/suite/jq-json-values.js';
import { formatJqCompact } from '../../../src/cli/jq/format-jq-output.js';
import { compileJqInProcess, JqCompileError, JqRuntimeError } from '../../../src/jq/index.js';
import { runJqBinary, type DifferentialCase } from './run-jq-binary.js';

export interface Disagreement extends DifferentialCase {
  engine: string;
  jq: string;
}

export interface ComparisonReport {
  compared: number;
  /** Expressions the engine refuses as unsupported (not compared). */
  refused: string[];
  disagreements: Disagreement[];
  /** Same values, different text (e.g. key order of integer-like keys). */
  textDiffers: Disagreement[];
}

export type EngineOutcome = { outputs: string[] } | { error: string } | { refused: string };

/** The in-process engine's outcome for one case. */
export async function runInProcessEngine(expression: string, input: unknown): Promise<EngineOutcome> {
  let filter;
  try {
    filter = compileJqInProcess(expression);
  } catch (error) {
    if (error instanceof JqCompileError && error.kind === 'unsupported') return { refused: error.construct ?? error.message };
    return { error: `compile: ${(error as Error).message}` };
  }
  const before = JSON.stringify(input);
  try {
    const outputs = (await filter.run(input)).map(formatJqCompact);
    if (JSON.stringify(input) !== before) return { error: `mutated its input into ${JSON.stringify(input)}` };
    return { outputs };
  } catch (error) {
    if (error instanceof JqRuntimeError) return { error: error.message };
    return { error: `crash: ${(error as Error).name}: ${(error as Error).message}` };
  }
}

const show = (outcome: EngineOutcome | { outputs: string[] } | { error: string }): string =>
  'outputs' in outcome ? outcome.outputs.join(' | ') || '(no output)' : 'error' in outcome ? `error: ${outcome.error}` : `refused: ${outcome.refused}`;

/**
 * Compares every case; the engine's compile errors always count as disagreements (jq compiled it,
 * or both failed). `runEngine` is the in-process engine unless a test of this comparison says otherwise.
 */
export async function compareWithJq(cases: DifferentialCase[], runEngine = runInProcessEngine): Promise<ComparisonReport> {
  const reference = runJqBinary(cases);
  const report: ComparisonReport = { compared: 0, refused: [], disagreements: [], textDiffers: [] };
  for (const [index, item] of cases.entries()) {
    const jq = reference[index] ?? { error: 'missing' };
    const engine = await runEngine(item.expression, structuredClone(item.input));
    if ('refused' in engine) {
      report.refused.push(item.expression);
      continue;
    }
    report.compared += 1;
    if ('outputs' in engine && 'outputs' in jq) {
      const sameValues =
        engine.outputs.length === jq.outputs.length &&
        engine.outputs.every((text, at) => equalJqValues(JSON.parse(text), JSON.parse(jq.outputs[at] ?? 'null')));
      const sameText = sameValues && engine.outputs.every((text, at) => text === jq.outputs[at]);
      if (!sameValues) report.disagreements.push({ ...item, engine: show(engine), jq: show(jq) });
      else if (!sameText) report.textDiffers.push({ ...item, engine: show(engine), jq: show(jq) });
      continue;
    }
    const bothFailed = 'error' in engine && 'error' in jq && !engine.error.startsWith('crash:') && !engine.error.startsWith('mutated');
    if (!bothFailed) report.disagreements.push({ ...item, engine: show(engine), jq: show(jq) });
  }
  return report;
}

/** A disagreement as three readable lines. */
export function describeDisagreement(item: Disagreement): string {
  return `program: ${item.expression}\n  input:  ${JSON.stringify(item.input)}\n  engine: ${item.engine}\n  jq:     ${item.jq}`;
}
