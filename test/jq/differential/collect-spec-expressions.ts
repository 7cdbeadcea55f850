/**
 * Every jq expression of the connector specs under specs/, found by where the schema puts jq:
 * records, mapping values, results, lookup values, error messages and rule conditions, and
 * pagination fields (schema/connector-spec.schema.json, fields described as "jq expression").
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';

export interface SpecExpression {
  /** Repository-relative spec file. */
  file: string;
  /** JSON pointer of the field inside the spec. */
  pointer: string;
  expression: string;
}

const PAGINATION_JQ = new Set(['more', 'total', 'totalPages', 'cursor']);

/** Whether the string at `path` (keys from the document root) is a jq expression. */
function isJqField(path: string[]): boolean {
  const last = path.at(-1) ?? '';
  const parent = path.at(-2) ?? '';
  if (last === 'records' || last === 'result') return true;
  if (parent === 'mapping') return true;
  if (path.length === 3 && path[0] === 'lookups' && last === 'value') return true;
  if (parent === 'errors' && last === 'message') return true;
  if (path.at(-4) === 'errors' && path.at(-3) === 'rules' && last === 'when') return true;
  return parent === 'pagination' && PAGINATION_JQ.has(last);
}

function walk({ node, path, found }: { node: unknown; path: string[]; found: Array<{ path: string[]; expression: string }> }): void {
  if (typeof node === 'string') {
    if (isJqField(path)) found.push({ path, expression: node });
  } else if (Array.isArray(node)) {
    node.forEach((item, index) => walk({ node: item, path: [...path, String(index)], found }));
  } else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) walk({ node: value, path: [...path, key], found });
  }
}

function listYamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return listYamlFiles(full);
    return /\.ya?ml$/u.test(name) ? [full] : [];
  });
}

/** Reads every spec under `specsDir` (read at test time: specs change while the engine does not). */
export function collectSpecExpressions(specsDir: string, repoRoot: string): SpecExpression[] {
  return listYamlFiles(specsDir).flatMap((file) => {
    const found: Array<{ path: string[]; expression: string }> = [];
    walk({ node: parse(readFileSync(file, 'utf8')) as unknown, path: [], found });
    return found.map(({ path, expression }) => ({ file: relative(repoRoot, file), pointer: `/${path.join('/')}`, expression }));
  });
}

/** Field chains an expression reads (`.error.errors` -> ['error', 'errors']). */
function findFieldChains(expression: string): string[][] {
  const code = expression.replace(/"(?:[^"\\]|\\.)*"/gu, '""');
  const chains = code.match(/(?:\.[A-Za-z_]\w*)+/gu) ?? [];
  return chains.map((chain) => chain.slice(1).split('.'));
}

function setPath({ target, chain, value }: { target: Record<string, unknown>; chain: string[]; value: unknown }): void {
  let node = target;
  for (const [index, key] of chain.entries()) {
    if (index === chain.length - 1) node[key] = value;
    else {
      const next = node[key];
      node = (next !== null && typeof next === 'object' && !Array.isArray(next) ? next : (node[key] = {})) as Record<string, unknown>;
    }
  }
}

/**
 * Inputs shaped after the expression: each field it reads holds, in turn, a string, a number, null,
 * booleans, a list of records, a list of strings, an object; plus null, {}, [] and a list of records.
 */
export function buildSampleInputs(expression: string): unknown[] {
  const chains = findFieldChains(expression);
  const names = [...new Set(chains.flat())];
  const record = (role: string, index: number): Record<string, unknown> =>
    Object.fromEntries(names.map((name) => [name, name === 'role' ? role : name === 'email' ? `user${index}@example.com` : `${name}-${index}`]));
  const leaves: unknown[] = [
    'owner',
    'ann@example.com',
    42,
    0,
    null,
    true,
    false,
    [record('owner', 1), record('admin', 2), record('user', 3), {}],
    ['Email has already been taken.', 'offset too large'],
    [],
    record('admin', 4),
    {},
  ];
  const shaped = leaves.map((leaf) => {
    const input: Record<string, unknown> = {};
    for (const chain of chains) setPath({ target: input, chain, value: structuredClone(leaf) });
    return input;
  });
  return [...shaped, null, {}, [], [record('owner', 5), record('user', 6)], 'text', 7];
}
