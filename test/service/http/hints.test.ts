/**
 * Every hint names only commands and routes that exist (issue 23, point 3): the hints of
 * PROBLEM_CODES and every `hint` written in the source (service errors, CLI errors, runtime and
 * compiler diagnostics) are walked; each `connector ...` command they name is looked up in the
 * CLI's own command table (its --help texts), each API route (`PATCH /v1/people/{personId}`,
 * `/openapi.json`) among the routes the API registered.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { PROBLEM_CODES } from '../../../src/service/http/problem-codes.js';
import { requirePlan } from '../../../src/service/tenants/plans.js';
import { tenantNotFound } from '../../../src/service/tenants/tenants.js';
import { useApi } from '../api/api-fixture.js';
import { embeddedStorage } from '../helpers/service-fixture.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
const fixture = useApi(embeddedStorage('hints'));

interface Hint {
  where: string;
  text: string;
}

async function sourceFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? sourceFiles(join(directory, entry.name)) : Promise.resolve(entry.name.endsWith('.ts') ? [join(directory, entry.name)] : []),
    ),
  );
  return nested.flat();
}

/** `hint: '...'`, `hint = "..."` and template literals (their `${...}` become a placeholder). */
const HINT_LITERAL = /\bhint\s*[:=]\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.)*)`)/g;

async function allHints(): Promise<Hint[]> {
  const hints: Hint[] = Object.entries(PROBLEM_CODES).map(([code, entry]) => ({ where: `PROBLEM_CODES.${code}`, text: entry.hint }));
  for (const file of await sourceFiles(join(ROOT, 'src'))) {
    const text = await readFile(file, 'utf8');
    for (const match of text.matchAll(HINT_LITERAL)) {
      const literal = (match[1] ?? match[2] ?? match[3] ?? '').replace(/\$\{[^}]*\}/g, '<value>').replace(/\\`/g, '`');
      hints.push({ where: relative(ROOT, file), text: literal });
    }
  }
  return hints;
}

/** The command words a hint names: `connector ...` in backticks, or `connector service ...` anywhere. */
function commandsIn(text: string): string[] {
  const found: string[] = [];
  const words = (command: string) => {
    const path: string[] = [];
    for (const word of command.trim().split(/\s+/).slice(1)) {
      if (!/^[a-z][a-z0-9-]*$/.test(word)) break;
      path.push(word);
    }
    return path.join(' ');
  };
  for (const match of text.matchAll(/`(connector [^`]+)`/g)) found.push(words(match[1]!));
  for (const match of text.replace(/`[^`]*`/g, '').matchAll(/\bconnector service(?: [a-z][a-z-]*)+/g)) found.push(words(match[0]));
  return found.filter((path) => path !== '');
}

/** The routes a hint names, as `METHOD /path` or a bare `/v1/...` path, parameters as `:`. */
function routesIn(text: string): string[] {
  const normal = (path: string) => path.replace(/\{[^}]*\}|:[A-Za-z]+/g, ':').replace(/[.)]+$/, '');
  const found: string[] = [];
  for (const match of text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/[A-Za-z0-9_{}/.:-]+)/g)) found.push(`${match[1]} ${normal(match[2]!)}`);
  for (const match of text.replace(/\b(GET|POST|PUT|PATCH|DELETE) \/\S+/g, '').matchAll(/(\/v1\/[A-Za-z0-9_{}/.-]+|\/openapi\.json)/g))
    found.push(`* ${normal(match[1]!)}`);
  return found;
}

async function help(args: string[]): Promise<string> {
  let out = '';
  await main([...args, '--help'], {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: () => true },
    stdin: new PassThrough(),
    env: {},
    cwd: ROOT,
  });
  return out;
}

/** Every command path of the CLI: the commands `connector --help` lists, the service's subcommands, and the verbs of each usage line. */
async function commandTable(): Promise<Set<string>> {
  const table = new Set<string>();
  const addUsage = (text: string) => {
    for (const match of text.matchAll(/connector ((?:[a-z][a-z0-9-]*)(?: [a-z][a-z0-9-]*)*)/g)) {
      const words = match[1]!.split(' ');
      for (let length = 1; length <= words.length; length += 1) table.add(words.slice(0, length).join(' '));
    }
  };
  const top = [...(await help([])).matchAll(/^ {2}([a-z][a-z-]*) {2,}/gm)].map((match) => match[1]!);
  for (const command of top) {
    table.add(command);
    const text = await help([command]);
    addUsage(text);
    if (command === 'service') {
      for (const sub of [...text.matchAll(/^ {2}([a-z][a-z-]*) +\S/gm)].map((match) => match[1]!)) {
        table.add(`service ${sub}`);
        addUsage(await help(['service', sub]));
      }
    }
  }
  return table;
}

describe('hints name commands and routes that exist', () => {
  let table: Set<string>;
  let routes: Set<string>;
  beforeAll(async () => {
    table = await commandTable();
    routes = new Set(fixture.api.routes.map((route) => `${route.method} ${route.url.replace(/:[A-Za-z]+/g, ':')}`));
  });

  const missing = (hints: readonly Hint[]) =>
    hints.flatMap((hint) => [
      ...commandsIn(hint.text)
        .filter((command) => !table.has(command))
        .map((command) => `${hint.where}: connector ${command}`),
      ...routesIn(hint.text)
        .filter((route) => (route.startsWith('* ') ? ![...routes].some((known) => known.endsWith(` ${route.slice(2)}`)) : !routes.has(route)))
        .map((route) => `${hint.where}: ${route}`),
    ]);

  it('reads the command table and the routes (the walk below is not vacuous)', () => {
    expect(table).toContain('service tenant set-plan');
    expect(table).toContain('service tenant show');
    expect(table).toContain('service token create');
    expect(table).toContain('new');
    expect(routes).toContain('PATCH /v1/people/:');
    expect(missing([{ where: 'made up', text: 'run `connector service tenant frobnicate`, then DELETE /v1/people or see /v1/nowhere' }])).toEqual([
      'made up: connector service tenant frobnicate',
      'made up: DELETE /v1/people',
      'made up: * /v1/nowhere',
    ]);
  });

  it('every hint of PROBLEM_CODES and of the source names only commands and routes that exist', async () => {
    const hints = await allHints();
    expect(hints.length).toBeGreaterThan(100);
    const named = hints.flatMap((hint) => [...commandsIn(hint.text), ...routesIn(hint.text)]);
    expect(named.length).toBeGreaterThan(10);
    expect(missing(hints)).toEqual([]);
  });

  it('the tenant hints name the commands that do what they say', () => {
    expect(tenantNotFound('t-1').hint).toContain('`connector service tenant list`');
    let hint: string | undefined;
    try {
      requirePlan({ id: 't-1', plan: 'none' }, 'integrations');
    } catch (error) {
      hint = (error as { hint?: string }).hint;
    }
    expect(hint).toContain('`connector service tenant set-plan --tenant t-1 --plan standard`');
    expect(commandsIn(hint!)).toEqual(['service tenant set-plan']);
  });
});
