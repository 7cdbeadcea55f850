/**
 * Catalog as data: the console's catalogue, `connector list`, the docs' connector table and the
 * package's exports all follow from the specs, and every shipped prebuilt spec comes with its
 * simulator, contract fixture (and test) and docs page.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { connectors } from '../../generated/index.js';
import type { ConnectorSpec } from '../../generated/spec-types.js';
import { catalogOf } from '../../src/catalog/catalog-entry.js';
import { catalogBlockOf, renderCatalogTable } from '../../src/catalog/render-catalog-table.js';
import { readSourcesOfTruth } from '../../src/catalog/sources-of-truth.js';
import { prebuiltCatalogue } from '../../src/service/integrations/auth-inputs.js';
import { runCli } from '../compiler/run-cli.js';
import { REPO_ROOT } from '../specs/helpers/load-spec.js';
import { missingParts } from './required-parts.js';

const specs: ConnectorSpec[] = Object.values(connectors).map((connector) => connector.spec);
const prebuiltFiles = readdirSync(`${REPO_ROOT}specs/prebuilt`).filter((file) => file.endsWith('.yaml'));
const prebuiltIds = prebuiltFiles.map((file) => /^id: (\S+)$/mu.exec(readFileSync(`${REPO_ROOT}specs/prebuilt/${file}`, 'utf8'))?.[1] ?? file);
const exists = (path: string) => existsSync(`${REPO_ROOT}${path}`);

describe('every shipped prebuilt connector is complete', () => {
  it('has its simulator, contract fixture, contract test and docs page', () => {
    expect(prebuiltIds.length).toBeGreaterThanOrEqual(5);
    expect(missingParts({ ids: prebuiltIds, exists })).toEqual([]);
  });

  it.each(['src/simulators/okta/index.ts', 'test/contracts/fixtures/okta.json', 'test/contracts/okta.contract.test.ts', 'docs/connectors/okta.md'])(
    'fails when %s is missing',
    (gone) => {
      expect(missingParts({ ids: ['okta'], exists: (path) => path !== gone && exists(path) })).toEqual([expect.stringContaining(gone)]);
    },
  );

  it('is named after its spec file (the spec id is the file name)', () => {
    expect(prebuiltFiles.map((file) => file.replace(/\.yaml$/u, ''))).toEqual(prebuiltIds);
  });
});

describe('the catalogue comes from the specs alone', () => {
  const prebuilt = catalogOf(specs, { type: 'prebuilt' });

  it('lists exactly the prebuilt specs, each with its auth and the actions its spec supports', () => {
    expect(prebuilt.map((entry) => entry.id)).toEqual([...prebuiltIds].sort());
    for (const entry of prebuilt) {
      const spec = specs.find((candidate) => candidate.id === entry.id)!;
      expect(new Set(entry.actions)).toEqual(new Set(spec.supports));
      expect(entry.auth.split(' ')[0]).toBe((spec.auth as { type: string }).type);
    }
  });

  it('is what the console offers (its catalogue, by name)', () => {
    const console = prebuiltCatalogue();
    expect(console.map((entry) => entry.id).sort()).toEqual(prebuilt.map((entry) => entry.id));
    for (const entry of console) expect(entry.actions).toEqual(prebuilt.find((candidate) => candidate.id === entry.id)!.actions);
  });

  it('is what `connector list` prints', async () => {
    const result = await runCli(['list', '--format', 'json']);
    expect(result.code).toBe(0);
    const listed = (JSON.parse(result.stdout) as { connectors: Array<{ id: string; type: string; auth: string; actions: string[] }> }).connectors;
    expect(listed.filter((entry) => entry.type === 'prebuilt').map(({ id, auth, actions }) => ({ id, auth, actions }))).toEqual(
      prebuilt.map(({ id, auth, actions }) => ({ id, auth, actions })),
    );
  }, 90_000);

  it("is the docs' connector table (docs/connectors/README.md), up to date", () => {
    const readme = readFileSync(`${REPO_ROOT}docs/connectors/README.md`, 'utf8');
    const sources = readSourcesOfTruth(
      new URL('test/contracts/fixtures/', `file://${REPO_ROOT}`),
      prebuilt.map((entry) => entry.id),
    );
    expect(catalogBlockOf(readme)).toBe(renderCatalogTable({ entries: prebuilt, sources }));
    for (const entry of prebuilt) expect(sources[entry.id]?.source).toBeDefined();
  });

  it('a connector added to the specs appears in the table', () => {
    const extra = { ...prebuilt[0]!, id: 'acme', name: 'Acme' };
    expect(renderCatalogTable({ entries: [...prebuilt, extra], sources: {} })).toContain('| [Acme](acme.md) | `acme` |');
  });
});

describe('the package exports every shipped connector', () => {
  const pkg = JSON.parse(readFileSync(`${REPO_ROOT}package.json`, 'utf8')) as { exports: Record<string, { default: string } | string> };
  const specFiles = readdirSync(`${REPO_ROOT}specs`, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.yaml'));

  /** The generated module `lifecycle-connectors/connectors/<name>` resolves to, as Node resolves exports (an exact key first, then the pattern). */
  function resolveConnector(name: string): string | undefined {
    const exact = pkg.exports[`./connectors/${name}`];
    const target = exact ?? pkg.exports['./connectors/*'];
    const file = typeof target === 'string' ? target : target?.default;
    return file
      ?.replace('*', name)
      .replace(/^\.\/dist\//u, '')
      .replace(/\.js$/u, '.ts');
  }

  it.each(specFiles)('specs/%s is importable by its file name and by its id', (file) => {
    const name = file.replace(/^.*\//u, '').replace(/\.yaml$/u, '');
    const id = /^id: (\S+)$/mu.exec(readFileSync(`${REPO_ROOT}specs/${file}`, 'utf8'))?.[1] ?? '';
    for (const key of new Set([name, id])) {
      const module = resolveConnector(key);
      expect(module && exists(module) ? module : `./connectors/${key} resolves to no generated module (${module})`).toBe(`generated/${id}.ts`);
    }
  });

  it('points no export at a module that is not generated', () => {
    for (const [key, target] of Object.entries(pkg.exports)) {
      if (!key.startsWith('./connectors/') || key.includes('*')) continue;
      const file = (typeof target === 'string' ? target : target.default).replace(/^\.\/dist\//u, '').replace(/\.js$/u, '.ts');
      expect(exists(file)).toBe(true);
    }
  });
});
