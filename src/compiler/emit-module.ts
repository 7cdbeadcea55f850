/**
 * Stage 6, emit: a lowered spec to the TypeScript module `generated/<id>.ts`, and the registry
 * `generated/index.ts`. Pure string building, so output is byte-identical for the same input.
 */
import { STANDARD_ACTION_NAMES, type ConnectorSpec } from '../../generated/spec-types.js';
import type { PrecompiledConnector } from '../connector.js';
import { camelCaseId, pascalCaseId } from './naming.js';

export const REGENERATE_COMMAND = 'npm run connector -- compile';

export function generatedHeader(source: string): string {
  return `// Generated from ${source} by \`${REGENERATE_COMMAND}\`. Do not edit.\n`;
}

function literalUnion(names: readonly string[]): string {
  return names.length === 0 ? 'never' : names.map((n) => `'${n}'`).join(' | ');
}

function docComment(text: string, indent: string): string {
  return `${indent}/** ${text.replace(/\*\//gu, '* /').replace(/\s+/gu, ' ').trim()} */\n`;
}

function emitInputsType(spec: ConnectorSpec, typeName: string): string {
  const entries = Object.entries(spec.inputs ?? {});
  if (entries.length === 0) return `/** ${spec.name} has no operator inputs. */\nexport type ${typeName} = Record<string, never>;\n`;
  const lines = entries.map(([name, input]) => {
    const notes = [input.label, input.secret ? '(secret)' : '', input.help ?? ''].filter(Boolean).join(' ');
    return `${docComment(notes, '  ')}  ${name}${input.required ? '' : '?'}: string;\n`;
  });
  // A type alias, not an interface, so it stays assignable to Record<string, string | undefined>.
  return `/** Operator inputs of ${spec.name}. */\nexport type ${typeName} = {\n${lines.join('')}};\n`;
}

/**
 * `precompiled: {jq: {...}}`, one line per jq program: its text, then its AST as compact JSON
 * (the table is already in text order, so the output is deterministic).
 */
function emitPrecompiled(precompiled: PrecompiledConnector | undefined): string {
  const entries = Object.entries(precompiled?.jq ?? {});
  if (entries.length === 0) return '';
  const lines = entries.map(([text, ast]) => `      ${JSON.stringify(text)}: ${JSON.stringify(ast)},\n`);
  return `  // Parsed jq programs, by text: the runtime compiles these without parsing.\n  precompiled: {\n    jq: {\n${lines.join('')}    },\n  },\n`;
}

/** The module of one connector. `source` is the repository-relative path of its spec. */
export function emitConnectorModule(input: { spec: ConnectorSpec; source: string; precompiled?: PrecompiledConnector }): string {
  const { spec, source } = input;
  const pascal = pascalCaseId(spec.id);
  const standard = STANDARD_ACTION_NAMES.filter((name) => spec.actions[name] !== undefined);
  const custom = Object.keys(spec.actions.custom ?? {});
  const specLiteral = JSON.stringify(spec, null, 2).replace(/\n/gu, '\n  ');
  return [
    generatedHeader(source),
    `import type { CompiledConnector } from '../src/connector.js';\n`,
    `\n`,
    emitInputsType(spec, `${pascal}Inputs`),
    `\n/** Standard actions ${spec.name} defines. */\n`,
    `export type ${pascal}ActionName = ${literalUnion(standard)};\n`,
    `\n/** Custom actions ${spec.name} defines. */\n`,
    `export type ${pascal}CustomActionName = ${literalUnion(custom)};\n`,
    `\n`,
    docComment(`${spec.name} (${spec.type}), compiled from ${source}.`, ''),
    `export const ${camelCaseId(spec.id)}Connector: CompiledConnector<${pascal}Inputs, ${pascal}ActionName, ${pascal}CustomActionName> = {\n`,
    `  source: ${JSON.stringify(source)},\n`,
    `  spec: ${specLiteral},\n`,
    emitPrecompiled(input.precompiled),
    `};\n`,
  ].join('');
}

/** `generated/index.ts`: every module re-exported, and `connectors` mapping id to connector. */
export function emitIndexModule(ids: readonly string[]): string {
  const sorted = [...ids].sort();
  const lines = [generatedHeader('specs/'), `import type { CompiledConnector } from '../src/connector.js';\n`];
  for (const id of sorted) lines.push(`import { ${camelCaseId(id)}Connector } from './${id}.js';\n`);
  lines.push('\n');
  for (const id of sorted) lines.push(`export * from './${id}.js';\n`);
  if (sorted.length > 0) lines.push('\n');
  lines.push('/** Every shipped connector by id. */\n');
  lines.push('export const connectors = {\n');
  for (const id of sorted) lines.push(`  '${id}': ${camelCaseId(id)}Connector,\n`);
  lines.push('} as const satisfies Record<string, CompiledConnector>;\n');
  return lines.join('');
}
