/**
 * Emits `generated/spec-types.ts` from the schema with json-schema-to-typescript, so the type of a
 * spec is never written twice. A `$ref` with a sibling description would become a fresh copy of the
 * referenced type (`StringMap1`, `StringMap2`, ...); such refs are emitted as the referenced type by
 * name instead, keeping the description as the property's doc comment.
 */
import { compile } from 'json-schema-to-typescript';
import { REGENERATE_COMMAND } from './emit-module.js';

type Json = Record<string, unknown>;

function tidyRefs(node: unknown, defs: Record<string, Json>): unknown {
  if (Array.isArray(node)) return node.map((item) => tidyRefs(item, defs));
  if (node === null || typeof node !== 'object') return node;
  const object = node as Json;
  const keys = Object.keys(object);
  if (typeof object.$ref === 'string' && keys.length > 1 && !keys.includes('title')) {
    const target = defs[object.$ref.replace('#/$defs/', '')];
    if (typeof target?.title === 'string') return { ...object, $ref: undefined, tsType: target.title.replace(/\s+/gu, '') };
  }
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, tidyRefs(value, defs)]));
}

export async function emitSpecTypes(schema: Json): Promise<string> {
  const defs = (schema.$defs ?? {}) as Record<string, Json>;
  const tidied = JSON.parse(JSON.stringify(tidyRefs(schema, defs))) as Json;
  const body = await compile(tidied as never, 'ConnectorSpec', {
    bannerComment: '',
    additionalProperties: false,
    unreachableDefinitions: true,
    format: true,
    style: { singleQuote: false, printWidth: 120 },
  });
  const standard = (defs.standardActionName?.enum ?? []) as string[];
  // The one list of standard actions, as a value for the validator, the runtime and the CLI.
  const names = `\n/** The standard lifecycle actions, in the schema's order. */\nexport const STANDARD_ACTION_NAMES = ${JSON.stringify(standard)} as const satisfies readonly StandardActionName[];\n`;
  return `// Generated from schema/connector-spec.schema.json by \`${REGENERATE_COMMAND}\`. Do not edit.\n/* eslint-disable */\n\n${body.trimStart()}${names}${emitAuthDefaults(defs)}`;
}

/**
 * The schema's defaults of each auth type's fields, keyed by type, so the auth descriptors (read by
 * the validator on specs not yet lowered) take them from the schema instead of restating them.
 */
function emitAuthDefaults(defs: Record<string, Json>): string {
  const branches = ((defs.auth?.oneOf ?? []) as Json[]).map((branch) => defs[String(branch.$ref).replace('#/$defs/', '')]);
  const defaults: Record<string, Record<string, unknown>> = {};
  for (const branch of branches) {
    const properties = (branch?.properties ?? {}) as Record<string, Json>;
    const type = properties.type?.const;
    if (typeof type !== 'string') continue;
    defaults[type] = Object.fromEntries(
      Object.entries(properties)
        .filter(([, field]) => field.default !== undefined)
        .map(([name, field]) => [name, field.default]),
    );
  }
  if (Object.keys(defaults).length === 0) return '';
  return `\n/** Each auth type's field defaults from the schema, for code that reads a spec before it is lowered. */\nexport const AUTH_DEFAULTS = ${JSON.stringify(defaults)} as const;\n`;
}
