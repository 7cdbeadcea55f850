/**
 * The one query interface the service uses, implemented twice: by PGlite in-process (embedded
 * default) and by a `pg` pool (a real PostgreSQL server). The same SQL and the same migrations run
 * on both; nothing above this file knows which one it talks to.
 */

export interface QueryResult<R> {
  rows: R[];
}

export interface Queryable {
  /** One statement with `$1`-style parameters. */
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
  /** Several statements without parameters (a migration file). */
  exec(text: string): Promise<void>;
}

export interface Session extends Queryable {
  /** Runs `work` in one transaction: commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * `COPY <target> FROM STDIN` with `data` in COPY's text format (a line a row, columns separated by
   * tabs, `\N` for null, backslash escapes), in one statement on this session's connection: inside
   * the transaction it has open, if any. Rows sent as text the server reads as it reads a file, with
   * no statement to plan and no parameter to parse. `target` is the table and its columns,
   * `sync_run_accounts (run_id, ...)`.
   */
  copyFrom(target: string, data: string): Promise<void>;
}

export interface Database extends Session {
  readonly kind: 'embedded' | 'postgres';
  /** Where the data lives, for messages: the data directory, or the server without its password. */
  readonly location: string;
  /** Runs `work` on one connection held for its duration (session-level advisory locks). */
  withSession<T>(work: (session: Session) => Promise<T>): Promise<T>;
  /**
   * Runs `work` in one transaction on a connection opened for it alone and closed after it, never
   * one of the pool (PostgreSQL): for a transaction that waits on something outside the database
   * (a target's answer) while writers that wait on other transactions may hold the whole pool.
   * Embedded: `transaction` (one connection, one process).
   */
  transactionApart<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Several statements without parameters, returning the rows of the last one (the job engine's
   * own schema scripts and maintenance run through this).
   */
  script<R = Record<string, unknown>>(text: string): Promise<QueryResult<R>>;
  close(): Promise<void>;
}

/** SQL of a timestamptz as a whole number of microseconds since the epoch, as text: an exact sort key for a cursor. */
export const MICROS = (column: string) => `(extract(epoch FROM ${column}) * 1000000)::bigint::text`;
/** SQL of the timestamptz a `MICROS` key (a bigint parameter) names, exactly. */
export const FROM_MICROS = (parameter: string) => `('epoch'::timestamptz + ${parameter}::bigint * interval '1 microsecond')`;

/**
 * PostgreSQL's per-transaction limits, in one statement, until the transaction ends: `lockMs`, the
 * longest wait for a lock (lock_timeout); `idleMs`, the longest the transaction may sit between
 * statements before the server ends it (idle_in_transaction_session_timeout).
 */
export async function limitTransaction(tx: Queryable, limits: { lockMs?: number; idleMs?: number }): Promise<void> {
  const settings = [
    ['lock_timeout', limits.lockMs],
    ['idle_in_transaction_session_timeout', limits.idleMs],
  ].filter((setting): setting is [string, number] => setting[1] !== undefined);
  if (settings.length === 0) return;
  await tx.query(
    `SELECT ${settings.map((_, index) => `set_config($${2 * index + 1}, $${2 * index + 2}, true)`).join(', ')}`,
    settings.flatMap(([name, ms]) => [name, String(Math.max(1, Math.round(ms)))]),
  );
}

/**
 * Many rows read as one: `SELECT ${JSON_ROWS('r')} FROM (...) r` answers one text value, the rows as
 * a JSON array, for `jsonRows`. For reads of hundreds of rows (a page of 1,000 integrations): the
 * embedded database hands each value of each row to a JavaScript parser, and a thousand rows of a
 * dozen columns cost it several times what one JSON.parse of the same rows costs.
 */
export const JSON_ROWS = (alias: string) => `coalesce(json_agg(${alias}), '[]')::text AS rows`;

/**
 * The rows of a `JSON_ROWS` read, as a row query gives them: the named timestamptz columns as
 * Dates (JSON holds them as text), every other column as JSON gives it (integer, text, boolean,
 * jsonb; a bigint column would come as a number here, not as text: leave such reads alone).
 */
export function jsonRows<R>(result: QueryResult<{ rows: string }>, dates: readonly string[]): R[] {
  const rows = JSON.parse(result.rows[0]?.rows ?? '[]') as Record<string, unknown>[];
  for (const row of rows) for (const column of dates) if (typeof row[column] === 'string') row[column] = new Date(row[column] as string);
  return rows as R[];
}
