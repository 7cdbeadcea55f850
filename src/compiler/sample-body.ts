/**
 * Renders a JSON body template the way the runtime does (every `{{expr}}` inserted JSON-encoded,
 * see the team brief) with sample values, so the validator can tell whether the result is JSON.
 */
import Handlebars from 'handlebars';
import { analyzeTemplate } from './template-analysis.js';

const engine = Handlebars.create();
engine.registerHelper('__json', (value: unknown) => JSON.stringify(value === undefined ? null : value) ?? 'null');
engine.registerHelper('eq', (a: unknown, b: unknown) => a === b);
engine.registerHelper('concat', (...args: unknown[]) => args.slice(0, -1).map((a) => (a === undefined || a === null ? '' : String(a))).join(''));
engine.registerHelper('default', (...args: unknown[]) => args.slice(0, -1).find((a) => a !== undefined && a !== null && a !== ''));
engine.registerHelper('lower', (value: unknown) => String(value ?? '').toLowerCase());
engine.registerHelper('upper', (value: unknown) => String(value ?? '').toUpperCase());

/** Rewrites each escaped `{{expr}}` into `{{__json expr}}` by source position. */
export function rewriteForJson(template: string): string {
  const { mustaches } = analyzeTemplate(template);
  let out = template;
  for (const m of [...mustaches].sort((a, b) => b.start - a.start)) {
    const source = out.slice(m.start, m.end);
    const inner = /^\{\{(~?)([\s\S]*?)(~?)\}\}$/u.exec(source);
    if (!inner) continue;
    const expression = inner[2]!.trim();
    const wrapped = m.callsHelper ? `(${expression})` : expression;
    out = `${out.slice(0, m.start)}{{${inner[1]}__json ${wrapped}${inner[3]}}}${out.slice(m.end)}`;
  }
  return out;
}

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
    const render = engine.compile(rewriteForJson(template), { noEscape: true, strict: false, knownHelpersOnly: false });
    return { text: render(variables) };
  } catch (error) {
    return { error: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  }
}
