/**
 * CPU the PostgreSQL server's backends of one database spent (the service's pool and the
 * engine's), read from /proc when the server runs on this machine: what a run costs the server,
 * beside the bench process's own CPU. `start()` lists the backends and their CPU; `stop()` answers
 * the milliseconds each has spent since, summed (a backend that started meanwhile counts in full;
 * one that ended took its time with it, so the figure is a floor; the server's background
 * processes, WAL writer and checkpointer, are not counted). Undefined where /proc is not readable.
 */
import { readFile } from 'node:fs/promises';
import pg from 'pg';

/** Clock ticks per second of /proc's utime and stime (USER_HZ). */
const TICKS_PER_SECOND = 100;

async function backendTicks(databaseUrl: string): Promise<Map<number, number> | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    const spent = new Map<number, number>();
    for (const { pid } of rows) {
      // A backend that ended since the listing has no stat left.
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
      if (stat === undefined) continue;
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      spent.set(pid, Number(fields[11]) + Number(fields[12]));
    }
    return spent;
  } catch {
    return undefined;
  } finally {
    await client.end();
  }
}

export function serverCpu(databaseUrl: string): { start(): Promise<void>; stop(): Promise<number | undefined> } {
  let before: Map<number, number> | undefined;
  return {
    async start() {
      before = await backendTicks(databaseUrl);
    },
    async stop() {
      const after = await backendTicks(databaseUrl);
      if (!before || !after || after.size === 0) return undefined;
      let total = 0;
      for (const [pid, spent] of after) total += spent - (before.get(pid) ?? 0);
      return (total * 1000) / TICKS_PER_SECOND;
    },
  };
}
