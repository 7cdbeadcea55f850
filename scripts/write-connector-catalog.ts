/**
 * Writes the connector table of docs/connectors/README.md from the shipped specs (through the
 * compiled connectors in generated/) and the sources their contract fixtures record; with
 * --check, only says whether the table is stale (test/catalog/connector-catalog.test.ts checks
 * the same in `npm test`).
 *
 *   npx tsx scripts/write-connector-catalog.ts [--check]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { connectors } from '../generated/index.js';
import { catalogOf } from '../src/catalog/catalog-entry.js';
import { catalogBlockOf, renderCatalogTable } from '../src/catalog/render-catalog-table.js';
import { readSourcesOfTruth } from '../src/catalog/sources-of-truth.js';

const root = new URL('../', import.meta.url);
const readme = new URL('docs/connectors/README.md', root);
const entries = catalogOf(
  Object.values(connectors).map((connector) => connector.spec),
  { type: 'prebuilt' },
);
const block = renderCatalogTable({
  entries,
  sources: readSourcesOfTruth(
    new URL('test/contracts/fixtures/', root),
    entries.map((entry) => entry.id),
  ),
});
const text = readFileSync(readme, 'utf8');
const current = catalogBlockOf(text);
if (current === undefined) {
  process.stderr.write('docs/connectors/README.md has no catalog markers\n');
  process.exit(1);
}
if (process.argv.includes('--check')) {
  process.stdout.write(
    current === block ? 'docs/connectors/README.md is up to date\n' : 'docs/connectors/README.md is stale: run npx tsx scripts/write-connector-catalog.ts\n',
  );
  process.exit(current === block ? 0 : 1);
}
writeFileSync(readme, text.replace(current, block));
process.stdout.write(`docs/connectors/README.md: ${entries.length} connectors\n`);
