/** Secrets at rest on the embedded database: no file of the data directory holds the canary or a token (PostgreSQL: test/postgres/). */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe } from 'vitest';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { useApi } from './api-fixture.js';
import { describeSecretsAtRest } from './secrets-at-rest.cases.js';

const fixture = useApi(embeddedStorage('api-at-rest'));

describe('secrets at rest (embedded)', () =>
  describeSecretsAtRest(fixture, async ({ dataDir }, needles) => {
    const entries = await readdir(dataDir!, { withFileTypes: true, recursive: true });
    const holding: string[] = [];
    for (const entry of entries.filter((item) => item.isFile())) {
      const file = join(entry.parentPath, entry.name);
      const bytes = await readFile(file);
      for (const needle of needles) if (bytes.includes(Buffer.from(needle))) holding.push(`${file}: ${needle.slice(0, 8)}…`);
    }
    return holding;
  }));
