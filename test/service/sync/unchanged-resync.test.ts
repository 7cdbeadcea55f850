/**
 * A re-sync that stages nothing (every account digests as the sync last wrote it) sends neither
 * the apply's statements nor the linking (run-sync.ts): they read only the attempt's staging and
 * the accounts it wrote. A re-sync that stages a change still sends them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect } from '../../../src/index.js';
import type { CompiledConnector } from '../../../src/connector.js';
import { loadIncidentPlatformConnector } from '../../../src/demo/load-connector.js';
import type { ServiceContext } from '../../../src/service/context.js';
import type { Database } from '../../../src/service/store/database.js';
import { insertQueuedRun } from '../../../src/service/store/sync-run-rows.js';
import { runSync } from '../../../src/service/sync/run-sync.js';
import { DEFAULT_SYNC_SETTINGS } from '../../../src/service/sync/sync-policy.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';
import { DEMO_FULL_ACCESS_KEY, startIncidentPlatform } from '../../../src/simulators/incident-platform/index.js';
import { embeddedIncidentImport } from '../helpers/incident-integration.js';

const actor = 'ops@example.com';
const cleanups: (() => Promise<unknown>)[] = [];
let db: Database;
let simulator: Awaited<ReturnType<typeof startIncidentPlatform>>;
let connector: CompiledConnector;
let ref: { tenantId: string; integrationId: string };

beforeAll(async () => {
  const enabled = await embeddedIncidentImport({ name: 'Unchanged re-sync', users: 3, actor, cleanups });
  ({ simulator, ref, db } = enabled);
  connector = (await loadIncidentPlatformConnector()).connector;
  // The first sync, unrecorded: it adds the three accounts.
  await sync(db, enabled.queued.id);
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function sync(database: Database, runId: string): Promise<void> {
  await runSync(
    { db: database } as unknown as ServiceContext,
    {
      engine: { staleRunSeconds: 60, pollingIntervalSeconds: 1 } as never,
      defaults: DEFAULT_SYNC_SETTINGS,
      connect: async () => connect(connector, { token: DEMO_FULL_ACCESS_KEY }, { baseUrl: simulator.server.origin, egress: ALLOW_LOOPBACK }),
      onError: (error) => {
        throw error;
      },
    },
    runId,
  );
}

/** A new run of the integration, carried out with every statement's text recorded; returns the texts and the run's row. */
async function recordedRun(): Promise<{ statements: string[]; run: Record<string, unknown> }> {
  const queued = await insertQueuedRun(db, { id: randomUUID(), ...ref, trigger: 'manual', requestedBy: actor });
  const statements: string[] = [];
  const record = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(inner, key, receiver) {
        if (key === 'query')
          return (text: string, params?: readonly unknown[]) => {
            statements.push(text);
            return (inner as unknown as Database).query(text, params);
          };
        if (key === 'transaction') return (work: (tx: unknown) => Promise<unknown>) => (inner as unknown as Database).transaction((tx) => work(record(tx)));
        const value = Reflect.get(inner, key, receiver);
        return typeof value === 'function' ? value.bind(inner) : value;
      },
    });
  await sync(record(db), queued!.id);
  const { rows } = await db.query('SELECT status, seen, added, changed, removed FROM sync_runs WHERE id = $1', [queued!.id]);
  return { statements, run: rows[0]! };
}

const APPLY = /INSERT INTO accounts|UPDATE accounts a SET email|WITH matches AS/;

it('an unchanged re-sync sends no apply or linking statement, and counts what it saw', async () => {
  const { statements, run } = await recordedRun();
  expect(run).toEqual({ status: 'succeeded', seen: 3, added: 0, changed: 0, removed: 0 });
  expect(statements.filter((text) => APPLY.test(text))).toEqual([]);
});

it('a re-sync that stages a changed account applies and links it', async () => {
  simulator.state.users[0]!.name = 'Renamed for the re-sync';
  const { statements, run } = await recordedRun();
  expect(run).toEqual({ status: 'succeeded', seen: 3, added: 0, changed: 1, removed: 0 });
  expect(statements.filter((text) => APPLY.test(text))).toHaveLength(3);
});
