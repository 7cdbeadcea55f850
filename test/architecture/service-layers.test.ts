/**
 * The service's HTTP app is two plugins that do not know each other (docs/api/overview.md): the
 * API (src/service/api/) and the console (src/service/console/) never import one another, even
 * through a third module; what both need lives in src/service/http/, which imports neither. The
 * console never reaches the CLI (the CLI starts the service, not the reverse).
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reachedUnder, ROOT } from './import-graph.js';

function modulesUnder(folder: string): string[] {
  return readdirSync(`${ROOT}/${folder}`, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `${folder}/${file}`);
}

const API = modulesUnder('src/service/api');
const CONSOLE = modulesUnder('src/service/console');
const SHARED = modulesUnder('src/service/http').filter((file) => !file.endsWith('/build-app.ts'));

describe("the service's HTTP layers", () => {
  it('has modules in each layer (the walk below is not over empty lists)', () => {
    expect(API).toContain('src/service/api/api-plugin.ts');
    expect(CONSOLE).toContain('src/service/console/register-console.ts');
    expect(SHARED).toContain('src/service/http/problem.ts');
  });

  it.each([
    { from: 'the API', entries: API, folder: 'src/service/console/' },
    { from: 'the console', entries: CONSOLE, folder: 'src/service/api/' },
    { from: 'the console', entries: CONSOLE, folder: 'src/cli/' },
    { from: 'the shared HTTP modules', entries: SHARED, folder: 'src/service/api/' },
    { from: 'the shared HTTP modules', entries: SHARED, folder: 'src/service/console/' },
  ])('reaches nothing under $folder from $from', ({ entries, folder }) => {
    expect(reachedUnder(entries, folder)).toEqual([]);
  });

  it('finds both plugins from the module that puts them side by side (the walk follows imports)', () => {
    expect(reachedUnder(['src/service/http/build-app.ts'], 'src/service/api/').length).toBeGreaterThan(0);
    expect(reachedUnder(['src/service/http/build-app.ts'], 'src/service/console/').length).toBeGreaterThan(0);
  });
});
