/**
 * The static import graph of the project's own modules: every `import`/`export ... from` (type-only
 * ones included: a type import still ties one layer to another) and every `import('literal')`,
 * followed from an entry file. Packages under node_modules are not followed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

export const ROOT = resolve(new URL('../..', import.meta.url).pathname);

/**
 * Each file's specifiers, parsed once per process: the walks below cover overlapping graphs (each
 * test file walks the same modules several times, from several entries), and the sources do not
 * change during a run.
 */
const parsed = new Map<string, readonly string[]>();

export function specifiersOf(file: string): readonly string[] {
  let found = parsed.get(file);
  if (found === undefined) {
    found = parseSpecifiers(file);
    parsed.set(file, found);
  }
  return found;
}

function parseSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `./x.js` written in an ESM TypeScript file names `./x.ts` on disk (or `./x/index.ts`). */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [base.replace(/\.js$/u, '.ts'), base, `${base}.ts`, `${base}/index.ts`];
  return (
    candidates.find((candidate) => candidate.endsWith('.ts') && existsSync(candidate)) ?? (specifier.endsWith('.json') && existsSync(base) ? base : undefined)
  );
}

/** Every project file reachable from the entries, as repository-relative paths, with one path leading to each. */
export function reachableModules(entries: readonly string[]): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const queue: Array<[string, string[]]> = entries.map((entry) => [resolve(ROOT, entry), []]);
  while (queue.length > 0) {
    const [file, via] = queue.shift() as [string, string[]];
    const name = relative(ROOT, file);
    if (reached.has(name)) continue;
    const trail = [...via, name];
    reached.set(name, trail);
    if (!file.endsWith('.ts')) continue;
    for (const specifier of specifiersOf(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = resolveRelative(file, specifier);
      if (target !== undefined) queue.push([target, trail]);
    }
  }
  return reached;
}

/** The reached modules under a folder, each with the import chain that reaches it. */
export function reachedUnder(entries: readonly string[], folder: string): string[] {
  return [...reachableModules(entries).entries()].filter(([name]) => name.startsWith(folder)).map(([, trail]) => trail.join(' -> '));
}
