/**
 * Secrets at rest on a real PostgreSQL server: no row of any table (every schema but the
 * catalogs, so the job engine's too) holds the canary credential or an API token in clear.
 */
import pg from 'pg';
import { describe } from 'vitest';
import { useApi } from '../service/api/api-fixture.js';
import { describeSecretsAtRest } from '../service/api/secrets-at-rest.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const fixture = useApi(postgresStorage('at_rest'));

describe('secrets at rest (PostgreSQL)', () =>
  describeSecretsAtRest(fixture, async ({ options }, needles) => {
    const client = new pg.Client({ connectionString: (options as { databaseUrl: string }).databaseUrl });
    await client.connect();
    try {
      const { rows: tables } = await client.query<{ schema: string; name: string }>(
        `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
         WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
      );
      const holding: string[] = [];
      for (const table of tables) {
        const { rows } = await client.query<{ row: string }>(
          `SELECT t::text AS row FROM ${client.escapeIdentifier(table.schema)}.${client.escapeIdentifier(table.name)} t`,
        );
        for (const { row } of rows)
          for (const needle of needles) if (row.includes(needle)) holding.push(`${table.schema}.${table.name}: ${needle.slice(0, 8)}…`);
      }
      if (tables.length < 5) holding.push(`only ${tables.length} tables found: the scan did not see the service's schema`);
      return holding;
    } finally {
      await client.end();
    }
  }));
