/**
 * The dispatcher gives slots back and settles in batches (issue 26 point 3): requests of one
 * (integration, action) that end one after another share one claim statement and one settling
 * transaction, instead of a claim and a transaction each (on PGlite's single connection a
 * statement per activation capped the embedded database at a few dozen activations per second).
 * A scripted database stands in for the store: it counts the claim statements and transactions
 * and keeps the group's in-flight counter as the claim statement does; the target answers each
 * request after its own timer, so the requests end one by one.
 */
import { describe, expect, it } from 'vitest';
import type { IntegrationOperations, PreparedAction } from '../../../src/service/integrations/integrations.js';
import type { Queryable } from '../../../src/service/store/database.js';
import type { ClaimedTaskRow } from '../../../src/service/store/workflow-rows.js';
import type { Keyring } from '../../../src/service/crypto/keyring.js';
import { taskDispatcher } from '../../../src/service/workflows/task-dispatcher.js';
import { waitUntil } from '../helpers/wait-until.js';

const TASKS = 60;
const LIMIT = 12;

/** A claimed task of the desk integration, as the claim statement gives it. */
const row = (id: string): ClaimedTaskRow =>
  ({
    id,
    workflow_id: `wf-${id}`,
    tenant_id: 'tenant',
    position: 0,
    integration_id: 'integration',
    integration_name: 'Desk',
    action: 'createUser',
    status: 'running',
    attempts: 1,
    vars: null,
    outcome_unknown: false,
    account_external_id: null,
    depends_on: null,
    run_at: null,
    workflow_created_by: 'hr',
    person_id: `person-${id}`,
    person_email: `${id}@example.com`,
    person_email_key: `${id}@example.com`,
    person_name: `Person ${id}`,
    account: null,
    integration_version: null,
    activation_due_at: null,
  }) as unknown as ClaimedTaskRow;

/**
 * A scripted store over the `due` tasks of one group: it keeps the group's in-flight slots as the
 * claim statement does, records each claim's released tasks (`claims`) and each transaction's
 * settled tasks (`batches`), and holds settling transactions on `state.gate` when one is set.
 */
function scriptedStore(due: string[]) {
  const holding = new Set<string>();
  const claims: string[][] = [];
  const batches: string[][] = [];
  const state: { gate?: Promise<void>; settled: number } = { settled: 0 };
  const query = async (text: string, params: readonly unknown[] = []) => {
    if (text.includes('SELECT DISTINCT t.tenant_id, t.integration_id, t.action'))
      return { rows: due.length > 0 ? [{ tenant_id: 'tenant', integration_id: 'integration', action: 'createUser' }] : [] };
    if (text.trimStart().startsWith('WITH released AS')) {
      // As claimTaskBatch: the released tasks give their slot back, then as many due tasks as the limit leaves free are claimed.
      claims.push([...(params[7] as string[])]);
      for (const id of params[7] as string[]) holding.delete(id);
      const claimed = due.splice(0, Math.min(Number(params[4]), Math.max(0, Number(params[3]) - holding.size)));
      for (const id of claimed) holding.add(id);
      return { rows: claimed.map(row) };
    }
    if (text.includes('FROM jsonb_to_recordset($1::jsonb) AS x(id text, attempt int')) {
      // As settleTasks: the settled tasks give back any slot they still hold.
      const ids = (JSON.parse(String(params[0])) as { id: string }[]).map((item) => item.id);
      for (const id of ids) holding.delete(id);
      batches.at(-1)!.push(...ids);
      return { rows: ids.map((id) => ({ id })) };
    }
    return { rows: [] };
  };
  const db: Queryable & { transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> } = {
    query: query as Queryable['query'],
    exec: async () => undefined,
    transaction: async (work) => {
      batches.push([]);
      const result = await work(db);
      await state.gate;
      state.settled += 1;
      return result;
    },
  };
  return { db, claims, batches, state };
}

/** A dispatcher on `db` whose every request is `send` (recorded in batches), the group's limit `limit`. */
function dispatcherOn(
  db: ReturnType<typeof scriptedStore>['db'],
  input: { send: PreparedAction['send']; limit: number; settings?: Parameters<typeof taskDispatcher>[0]['settings'] },
) {
  const prepared: PreparedAction = {
    version: 'v1',
    send: input.send,
    record: async () => {
      throw new Error('recordMany is used');
    },
    recordMany: async (_tx, items) => ({ reflected: items.map(() => ({})), audits: [] }) as unknown as Awaited<ReturnType<PreparedAction['recordMany']>>,
    close: async () => undefined,
  };
  const errors: unknown[] = [];
  const dispatcher = taskDispatcher({
    context: { db, integrations: { prepareAction: async () => prepared } as unknown as IntegrationOperations, keyring: {} as Keyring, now: () => new Date() },
    concurrencyOf: async () => input.limit,
    onError: (error) => errors.push(error),
    ...(input.settings ? { settings: input.settings } : {}),
  });
  return { dispatcher, errors };
}

/** What a created account answers. */
const created = (email: string) => ({ action: 'createUser', result: { status: 201, account: { id: email } } }) as Awaited<ReturnType<PreparedAction['send']>>;

describe('task dispatcher batches', () => {
  it(`${TASKS} requests ending one by one share claims and settles: the limit of ${LIMIT} holds, each task is sent and settled once`, async () => {
    const { db, claims, batches } = scriptedStore(Array.from({ length: TASKS }, (_, index) => `task-${String(index).padStart(3, '0')}`));
    const settled = () => batches.flat();
    const sent: string[] = [];
    let inFlight = 0;
    let peak = 0;
    const { dispatcher, errors } = dispatcherOn(db, {
      limit: LIMIT,
      send: async (subject) => {
        sent.push(subject.user!.email);
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        // Each request answers on its own timer: they end one after another, never together.
        await new Promise((resolve) => setTimeout(resolve, 1 + (sent.length % 7)));
        inFlight -= 1;
        return created(subject.user!.email);
      },
    });
    dispatcher.start();
    await waitUntil(
      'every task settled',
      async () => settled().length,
      (count) => count >= TASKS,
      { intervalMs: 10 },
    );
    await dispatcher.stop(10_000);

    expect(errors).toEqual([]);
    expect(new Set(sent).size).toBe(TASKS);
    expect(sent).toHaveLength(TASKS);
    expect([...settled()].sort()).toEqual(Array.from({ length: TASKS }, (_, index) => `task-${String(index).padStart(3, '0')}`));
    expect(peak).toBeLessThanOrEqual(LIMIT);
    // A claim gives back the slots of several ended requests (one per request would be at least TASKS - LIMIT = 48 claims).
    expect(claims.length).toBeLessThanOrEqual(TASKS / 2);
    // Results are settled several per transaction.
    expect(batches.length).toBeLessThanOrEqual(TASKS / 2);
  });
});

/**
 * The scripted store over `due`, with a dispatcher whose requests answer when the test says
 * (`answers`, by task id); limit and claim batch 3.
 */
function heldStore(due: string[]) {
  const store = scriptedStore(due);
  const answers = new Map<string, () => void>();
  const { dispatcher, errors } = dispatcherOn(store.db, {
    limit: 3,
    send: async (subject) => {
      await new Promise<void>((resolve) => answers.set(subject.user!.email.split('@')[0]!, resolve));
      return created(subject.user!.email);
    },
    // Long enough that only a claim batch of results, or the stop, settles them in these tests.
    settings: { claimBatch: 3, settleDelayMs: 60_000 },
  });
  return { ...store, dispatcher, answers, errors };
}

async function until(what: string, condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries += 1) {
    if (tries > 500) throw new Error(`waited in vain for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('task dispatcher settles', () => {
  it('results that end while a settle runs wait for the next moment and are settled with those that end after it, not at once on their own', async () => {
    // Five tasks, limit and claim batch 3: the first three end together and are settled at once (a claim batch of results);
    // the fourth ends while that settle runs, the fifth after it.
    const { dispatcher, claims, batches, state, answers, errors } = heldStore(['task-0', 'task-1', 'task-2', 'task-3', 'task-4']);
    const released = () => claims.flat();
    dispatcher.start();
    await until('the first three requests', () => answers.size === 3);
    let openGate = () => undefined as void;
    state.gate = new Promise<void>((resolve) => (openGate = resolve));
    for (const id of ['task-0', 'task-1', 'task-2']) answers.get(id)!();
    await until('the first settle and the last two requests', () => batches.length === 1 && answers.size === 5);
    answers.get('task-3')!();
    await until("task-3's slot given back", () => released().includes('task-3'));
    openGate();
    await until('the first settle', () => state.settled === 1);
    answers.get('task-4')!();
    await until("task-4's slot given back", () => released().includes('task-4'));
    await dispatcher.stop(10_000);

    expect(errors).toEqual([]);
    expect(batches.map((batch) => [...batch].sort())).toEqual([
      ['task-0', 'task-1', 'task-2'],
      ['task-3', 'task-4'],
    ]);
  });

  it('no claim is sent for a group whose every slot is a request in flight here and none ended', async () => {
    // Three tasks, limit 3: the first claim takes all three (as many as it asked for, so the round goes on); the group is full.
    const { dispatcher, claims, batches, answers, errors } = heldStore(['task-0', 'task-1', 'task-2']);
    dispatcher.start();
    await until('the three requests', () => answers.size === 3);
    for (const id of ['task-0', 'task-1', 'task-2']) answers.get(id)!();
    await until('their settle', () => batches.length === 1);
    await dispatcher.stop(10_000);

    expect(errors).toEqual([]);
    // The claim that took them, and the one that gave their slots back; none in between, while all three were in flight.
    expect(claims).toEqual([[], ['task-0', 'task-1', 'task-2']]);
    expect(batches.map((batch) => [...batch].sort())).toEqual([['task-0', 'task-1', 'task-2']]);
  });
});
