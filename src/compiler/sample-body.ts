/**
 * Renders a JSON body template with the runtime's own compiler (every `{{expr}}` inserted
 * JSON-encoded) and sample values, so the validator can tell whether the result is JSON.
 */
import { compileJsonBody } from '../template/compile.js';

/** Sample values for every variable; strings carry a quote and a backslash to catch hand-built JSON. */
export function sampleVariables(input: { inputs: Record<string, string>; lookups: string[]; vars: Record<string, string> }): Record<string, unknown> {
  const text = 'Ann "Q" O\\Neil';
  const vars: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(input.vars)) vars[name] = type === 'number' ? 42 : type === 'boolean' ? true : text;
  return {
    user: { email: 'ann@example.com', name: text, firstName: 'Ann', lastName: 'O\\Neil', admin: true },
    account: { id: 'a/1', email: 'ann@example.com', name: text },
    actor: { email: 'ops@example.com', name: 'Ops' },
    inputs: input.inputs,
    lookups: Object.fromEntries(input.lookups.map((name) => [name, 'lookup-value'])),
    vars,
  };
}

/** The rendered body, or the error that stopped rendering. */
export function renderSampleBody(template: string, variables: Record<string, unknown>): { text: string } | { error: string } {
  try {
    return { text: compileJsonBody(template)(variables) };
  } catch (error) {
    return { error: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  }
}
