/**
 * What `generated/` must contain for a set of specs: spec-types.ts, one module per spec and the
 * index. Pure (texts in, file contents out), so `compile` and `compile --check` share it and tests
 * run it on temporary directories.
 */
import { validateSpecText } from './compile.js';
import { compareText, hasErrors, type Diagnostic } from './diagnostic.js';
import { emitConnectorModule, emitIndexModule } from './emit-module.js';
import { emitSpecTypes } from './emit-spec-types.js';
import { precompileJq } from './precompile-jq.js';
import type { JqChecker } from './rules/index.js';

export interface PlannedOutput {
  /** File name inside the output directory -> content. */
  files: Map<string, string>;
  diagnostics: Diagnostic[];
}

export async function planGeneratedFiles(input: {
  specs: readonly { file: string; text?: string; diagnostics?: Diagnostic[] }[];
  schema: Record<string, unknown>;
  jq?: JqChecker;
}): Promise<PlannedOutput> {
  const files = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  const ids = new Map<string, string>();
  for (const source of input.specs) {
    diagnostics.push(...(source.diagnostics ?? []));
    if (source.text === undefined) continue;
    const result = await validateSpecText({ text: source.text, file: source.file, jqPolicy: 'trusted', ...(input.jq ? { jq: input.jq } : {}) });
    diagnostics.push(...result.diagnostics);
    if (!result.spec) continue;
    const earlier = ids.get(result.spec.id);
    if (earlier !== undefined) {
      diagnostics.push({
        code: 'SPEC_DUPLICATE_ID',
        severity: 'error',
        file: source.file,
        line: 1,
        column: 1,
        pointer: '/id',
        message: `id '${result.spec.id}' is already used by ${earlier}`,
        hint: 'give every connector a unique id (the file name without .yaml)',
      });
      continue;
    }
    ids.set(result.spec.id, source.file);
    const precompiled = precompileJq(result.spec);
    files.set(`${result.spec.id}.ts`, emitConnectorModule({ spec: result.spec, source: source.file, precompiled }));
  }
  if (hasErrors(diagnostics)) return { files: new Map(), diagnostics };
  files.set('index.ts', emitIndexModule([...ids.keys()]));
  files.set('spec-types.ts', await emitSpecTypes(input.schema));
  return { files: new Map([...files].sort(([a], [b]) => compareText(a, b))), diagnostics };
}
