/**
 * A database of its own per test file on the PostgreSQL server at 127.0.0.1:5432 (trust auth),
 * created with a unique name and dropped afterwards. PG_ADMIN_URL overrides the server.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  /** `DATABASE_URL` of the new database. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Runs `work` with a client of its own on `url` (not a service's pool), closed after it. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const admin = <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => withClient(ADMIN_URL, work);

/**
 * `withoutTemporary`: the URL connects as a role of its own, not a superuser, that owns the
 * database but may not create temporary tables there (PostgreSQL's `TEMPORARY` revoked from it
 * and from PUBLIC); the role is dropped with the database.
 */
export async function createScratchDatabase(prefix: string, options: { withoutTemporary?: boolean } = {}): Promise<ScratchDatabase> {
  const name = `lc_${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const role = options.withoutTemporary ? `${name}_owner` : undefined;
  if (role) {
    await admin(async (client) => {
      await client.query(`CREATE ROLE ${role} LOGIN`);
      await client.query(`ALTER DATABASE ${name} OWNER TO ${role}`);
      await client.query(`REVOKE TEMPORARY ON DATABASE ${name} FROM PUBLIC, ${role}`);
    });
    url.username = role;
  }
  return {
    url: url.toString(),
    name,
    drop: () =>
      admin(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        if (role) await client.query(`DROP ROLE IF EXISTS ${role}`);
      }).then(() => undefined),
  };
}
