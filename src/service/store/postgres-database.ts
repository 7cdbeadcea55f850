/**
 * Scale-out: a real PostgreSQL server given by `DATABASE_URL`, through a `pg` pool. The same SQL
 * as the embedded database; several service processes may share one server.
 */
import pg from 'pg';
import { ServiceError } from '../service-error.js';
import type { Database, Queryable, Session } from './database.js';

/** The server and database of a URL, for messages: never the password. */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `postgres://${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'the DATABASE_URL (not a valid URL)';
  }
}

/**
 * A COPY FROM STDIN through the pg driver: a query of the simple protocol that answers the
 * server's CopyInResponse with the data in one CopyData message, then CopyDone (pg's own Query
 * refuses it with CopyFail). Errors and completion are pg's Query's.
 */
class CopyFromQuery extends pg.Query {
  constructor(
    text: string,
    private readonly data: Buffer,
    done: (error: Error | undefined) => void,
  ) {
    super(text, undefined, done);
  }

  handleCopyInResponse(connection: { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }): void {
    connection.sendCopyFromChunk(this.data);
    connection.endCopyFrom();
  }
}

function copyOn(client: pg.PoolClient, target: string, data: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    client.query(new CopyFromQuery(`COPY ${target} FROM STDIN`, Buffer.from(data), (error) => (error ? reject(error) : resolve())));
  });
}

function wrap(client: pg.Pool | pg.ClientBase): Queryable {
  return {
    query: async <R>(text: string, params: readonly unknown[] = []) => ({ rows: (await client.query(text, [...params])).rows as R[] }),
    exec: async (text) => {
      await client.query(text);
    },
  };
}

async function inTransaction<T>(client: pg.ClientBase, work: (tx: Queryable) => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work(wrap(client));
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

export async function openPostgresDatabase(databaseUrl: string): Promise<Database> {
  const location = describeDatabaseUrl(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ServiceError('DATABASE_UNAVAILABLE', `cannot connect to ${location}: ${reason}`, {
      hint: 'check DATABASE_URL (host, port, database, user) and that the server is running',
      cause: error,
    });
  }
  const withClient = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      return await work(client);
    } finally {
      client.release();
    }
  };
  const session = (client: pg.PoolClient): Session => ({
    ...wrap(client),
    transaction: (work) => inTransaction(client, work),
    copyFrom: (target, data) => copyOn(client, target, data),
  });
  return {
    kind: 'postgres',
    location,
    ...wrap(pool),
    transaction: (work) => withClient((client) => inTransaction(client, work)),
    withSession: (work) => withClient((client) => work(session(client))),
    transactionApart: async (work) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      // A connection lost meanwhile fails the transaction's next statement; it must not crash the process.
      client.on('error', () => undefined);
      await client.connect();
      try {
        return await inTransaction(client, work);
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    script: async <R>(text: string) => {
      // pg answers a multi-statement text with one result per statement.
      const result = (await pool.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
      return { rows: (Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows) as R[] };
    },
    copyFrom: (target, data) => withClient((client) => copyOn(client, target, data)),
    close: () => pool.end(),
  };
}
