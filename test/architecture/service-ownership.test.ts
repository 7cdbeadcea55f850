/**
 * One owner per concept in the service (docs/contributors/architecture-service.md): every SQL
 * statement lives in `src/service/store/`, the module of its table group, and the job engine
 * (pg-boss) is reached only through `src/service/engine/`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT, specifiersOf } from './import-graph.js';

/** The statements the before-stop hook looks for: a write, or a read from a table. */
const SQL = /(INSERT INTO|DELETE FROM|UPDATE [a-z_]+ SET|SELECT .+ FROM [a-z_]+)/u;

function modulesUnder(folder: string): string[] {
  return readdirSync(`${ROOT}/${folder}`, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `${folder}/${file}`);
}

const SERVICE = modulesUnder('src/service');
const SOURCES = [...modulesUnder('src'), ...modulesUnder('generated')];
const read = (file: string) => readFileSync(`${ROOT}/${file}`, 'utf8');

/** Each line of `files` with SQL on it, as `file:line`. */
function sqlLines(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((line, index) => (SQL.test(line) ? [`${file}:${index + 1}`] : [])),
  );
}

/** A call with the package's name as its argument: `require('pg-boss')`, `createRequire(...)('pg-boss')`. */
const LOADS_ENGINE = /\(\s*['"]pg-boss['"]\s*\)/u;

/** Files that import pg-boss (types included) or load it by name. */
function enginePackageUsers(files: readonly string[]): string[] {
  return files.filter((file) => specifiersOf(`${ROOT}/${file}`).includes('pg-boss') || LOADS_ENGINE.test(read(file)));
}

describe('the service', () => {
  it('has no SQL outside src/service/store/', () => {
    expect(sqlLines(SERVICE.filter((file) => !file.startsWith('src/service/store/')))).toEqual([]);
  });

  it('finds the SQL that does exist (the check reads the statements of the store)', () => {
    const found = sqlLines(SERVICE.filter((file) => file.startsWith('src/service/store/')));
    expect(found.some((line) => line.startsWith('src/service/store/account-rows.ts:'))).toBe(true);
    expect(found.some((line) => line.startsWith('src/service/store/workflow-rows.ts:'))).toBe(true);
  });

  it('reaches pg-boss only through src/service/engine/', () => {
    expect(enginePackageUsers(SOURCES.filter((file) => !file.startsWith('src/service/engine/')))).toEqual([]);
  });

  it('finds the engine module loading pg-boss (the check sees both its type import and its require)', () => {
    expect(enginePackageUsers(['src/service/engine/engine.ts'])).toEqual(['src/service/engine/engine.ts']);
    expect(specifiersOf(`${ROOT}/src/service/engine/engine.ts`)).toContain('pg-boss');
    expect(LOADS_ENGINE.test(read('src/service/engine/engine.ts'))).toBe(true);
  });
});
