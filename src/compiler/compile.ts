/**
 * The orchestrator: load -> parse -> validate -> rules -> lower -> (emit). Reads as the table of
 * contents of the compiler; each stage is its own file and a pure function of its input.
 */
import type { CompiledConnector } from '../connector.js';
import type { ConnectorSpec } from '../../generated/spec-types.js';
import { hasErrors, sortDiagnostics, SpecValidationError, type Diagnostic } from './diagnostic.js';
import { checkSpecText } from './load-spec.js';
import { lowerSpec } from './lower.js';
import { parseSpecYaml } from './parse-yaml.js';
import { jqChecker, RULES, type JqChecker, type RuleContext } from './rules/index.js';
import { validateSchema } from './validate-schema.js';
import { SAFE_JQ_POLICY, type JqPolicy } from '../jq/index.js';

export interface SpecText {
  text: string;
  /** Path shown in diagnostics and recorded as the connector's source; `<runtime>` for a customer's spec. */
  file?: string;
  /**
   * Who wrote the spec (default `customer`, the safe value): only a `trusted` spec's jq may use a
   * construct the in-process engine refuses (a warning, run on the host's jq binary).
   */
  jqPolicy?: JqPolicy;
}

export interface ValidationResult {
  /** The lowered spec (defaults filled in), present only when there is no error. */
  spec?: ConnectorSpec;
  diagnostics: Diagnostic[];
}

async function runRules(context: RuleContext, schemaValid: boolean): Promise<Diagnostic[]> {
  const results = await Promise.all(
    RULES.map(async (rule): Promise<Diagnostic[]> => {
      try {
        return await rule(context);
      } catch (error) {
        // Rules also run on specs with schema errors; a shape they do not expect is already reported.
        if (!schemaValid) return [];
        // On a schema-valid spec a failing rule is our bug: say so as a diagnostic, not a crash.
        const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
        return [
          {
            code: 'SPEC_RULE_FAILED',
            severity: 'error',
            file: context.file,
            line: 1,
            column: 1,
            pointer: '',
            message: `the check ${rule.name} failed on this spec: ${reason}`,
            hint: 'this is a bug in the validator; please report it with the spec',
          },
        ];
      }
    }),
  );
  return results.flat();
}

/** Validates a spec given as text. Never throws on bad input; every problem is a diagnostic. */
export async function validateSpecText(input: SpecText & { jq?: JqChecker }): Promise<ValidationResult> {
  const file = input.file ?? '<runtime>';
  const text = typeof input.text === 'string' ? input.text : '';
  const early = checkSpecText(text, file);
  if (early.length > 0) return { diagnostics: early };
  const parsed = parseSpecYaml({ text, file });
  if (parsed.value === undefined || !parsed.sourceMap) return { diagnostics: sortDiagnostics(parsed.diagnostics) };
  const schemaDiagnostics = validateSchema({ value: parsed.value, file, sourceMap: parsed.sourceMap });
  const isObject = parsed.value !== null && typeof parsed.value === 'object' && !Array.isArray(parsed.value);
  const ruleDiagnostics = isObject
    ? await runRules(
        { spec: parsed.value as ConnectorSpec, file, text, sourceMap: parsed.sourceMap, jq: input.jq ?? jqChecker, jqPolicy: input.jqPolicy ?? SAFE_JQ_POLICY },
        schemaDiagnostics.length === 0,
      )
    : [];
  const diagnostics = sortDiagnostics([...parsed.diagnostics, ...schemaDiagnostics, ...ruleDiagnostics]);
  if (hasErrors(diagnostics)) return { diagnostics };
  return { spec: lowerSpec(parsed.value), diagnostics };
}

/** Validates and compiles a spec in memory (no file written); throws SpecValidationError listing every error. */
export async function compileSpecText(input: SpecText & { jq?: JqChecker }): Promise<CompiledConnector> {
  const result = await validateSpecText(input);
  if (!result.spec) throw new SpecValidationError(result.diagnostics);
  return { spec: result.spec, source: input.file ?? '<runtime>' };
}
