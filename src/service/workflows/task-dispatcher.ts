/**
 * The workers' side of the workflows: due tasks are claimed directly, in batches, and settled in
 * batches (issue 26 point 3). The job engine is only the wake-up call (a job when a workflow starts
 * or a task is retried, a delayed job at a scheduled task's time, the minute tick) and the retry of
 * last resort; while work is due, the dispatcher claims it without waiting for the engine's poll.
 *
 * One round: the (integration, action) groups with a task due (one statement), then per group one
 * statement that gives back the slots of the requests that ended since and claims as many tasks as
 * its concurrency leaves free (see `claimTaskBatch`). Each claimed task's request runs with no
 * database connection held (on PGlite, the single connection stays free for the claims and settles
 * of the others); its end starts the next round, so a slot passes to the next task after one
 * statement, without waiting for a settle. Results are settled after their slots went back, all
 * that are waiting at once in one transaction.
 * The tenant, the integration, its credentials and its HTTP client are resolved once per action
 * and kept a few seconds: a batch reuses them, and a change of the integration's configuration
 * (its version is read with every claim) drops them.
 */
import { claimTaskBatch, ensureTaskCounters, listReadyGroups, type ClaimedTaskRow } from '../store/workflow-rows.js';
import type { PreparedAction } from '../integrations/integrations.js';
import { executeTask, settleTaskResults, type TaskContext, type TaskResult } from './run-task.js';

export interface DispatcherSettings {
  /** Tasks one process has in flight at once, across every integration. */
  maxInFlight: number;
  /** Tasks one claim takes at most. */
  claimBatch: number;
  /** How long a prepared action (tenant, integration, credentials, HTTP client) is reused. */
  preparedTtlMs: number;
  /** How long the listed groups with due tasks are claimed from before they are listed again. */
  groupsTtlMs: number;
  /**
   * How long an ended request waits for others of its group before their slots go back and the
   * next tasks are claimed in one statement: at once when a quarter of the group's limit (or of a
   * claim batch) ended, or none of its requests is still in flight here.
   */
  claimDelayMs: number;
  /**
   * How long results wait for others before they are settled together: at once when a claim batch
   * of them waits (or the dispatcher stops). Those that end while a settle runs wait this long after
   * it too: a settle costs the same few statements whatever its size, so on a busy machine settles
   * run back to back with a handful of results each unless they wait for more.
   */
  settleDelayMs: number;
}

export const DEFAULT_DISPATCHER_SETTINGS: DispatcherSettings = {
  maxInFlight: 500,
  claimBatch: 200,
  preparedTtlMs: 10_000,
  groupsTtlMs: 1_000,
  claimDelayMs: 20,
  settleDelayMs: 100,
};

export interface TaskDispatcher {
  /** Claims what is due now (again, if a round is under way). Does nothing once stopped or before start. */
  kick(): void;
  start(): void;
  /** Stops claiming, and waits (up to `timeoutMs`) for the tasks in flight to be settled. */
  stop(timeoutMs: number): Promise<void>;
}

interface Prepared {
  action: Promise<PreparedAction>;
  version: string | undefined;
  at: number;
  users: number;
  stale: boolean;
}

const groupKey = (integrationId: string, action: string) => `${integrationId}\u0000${action}`;

export function taskDispatcher(input: {
  context: TaskContext;
  concurrencyOf(tenantId: string, integrationId: string, action: string): Promise<number>;
  onError(error: unknown): void;
  settings?: Partial<DispatcherSettings>;
}): TaskDispatcher {
  const { context, onError } = input;
  const settings = { ...DEFAULT_DISPATCHER_SETTINGS, ...input.settings };
  const { db } = context;
  let started = false;
  let round: Promise<void> | undefined;
  let again = false;
  let inFlight = 0;
  const executing = new Set<Promise<void>>();
  let waiting: TaskResult[] = [];
  let flushing: Promise<void> | undefined;
  const counters = new Set<string>();
  /** The groups the last listing found, reused for a moment: a round of claims costs one statement per group, not a scan of every due task. */
  let known: { groups: Awaited<ReturnType<typeof listReadyGroups>>; at: number } | undefined;
  const prepared = new Map<string, Prepared>();
  /** Per group, the tasks whose request ended: their slots go back with the group's next claim, then their results are settled. */
  const ended = new Map<string, { tenantId: string; integrationId: string; action: string; results: TaskResult[] }>();
  /** Per group, this process's requests in flight, and the group's limit as its last claim read it. */
  const flying = new Map<string, number>();
  const limits = new Map<string, number>();
  let claimTimer: NodeJS.Timeout | undefined;
  let settleTimer: NodeJS.Timeout | undefined;

  /**
   * A request of the group ended: its slot goes back with the next claim, which waits a moment for
   * others (one statement for many slots, not one per request: on PGlite's single connection a
   * statement per activation was the ceiling), but not while a share of the group's slots is idle.
   */
  const requestEnded = (key: string): void => {
    const results = ended.get(key)?.results.length ?? 0;
    const share = Math.max(1, Math.ceil(Math.min(limits.get(key) ?? 1, settings.claimBatch) / 4));
    if (results >= share || (flying.get(key) ?? 0) === 0) dispatcher.kick();
    else claimTimer ??= setTimeout(() => dispatcher.kick(), settings.claimDelayMs);
  };

  const endRequest = (result: TaskResult): void => {
    const { task } = result;
    const key = groupKey(task.integration_id ?? '', task.action);
    const entry = ended.get(key) ?? { tenantId: task.tenant_id, integrationId: task.integration_id ?? '', action: task.action, results: [] };
    entry.results.push(result);
    ended.set(key, entry);
  };

  /** Results whose slots could not be given back on their own go to the settle, which gives them back. */
  const settleEnded = (results: readonly TaskResult[]): void => {
    waiting.push(...results);
    // Settled together: at once when a batch waits (or the dispatcher stops), else after a moment, with those that end meanwhile.
    if (waiting.length >= settings.claimBatch || !started) flush();
    else settleTimer ??= setTimeout(flush, settings.settleDelayMs);
  };

  const release = (entry: Prepared) => {
    entry.users -= 1;
    if (entry.stale && entry.users === 0) void entry.action.then((action) => action.close()).catch(() => undefined);
  };

  /** The prepared action of a claim's group: reused while fresh and of the claimed version, else prepared again. */
  const preparedFor = (task: ClaimedTaskRow): Prepared => {
    const key = groupKey(task.integration_id ?? '', task.action);
    const version = task.integration_version ?? undefined;
    const current = prepared.get(key);
    if (current && !current.stale && Date.now() - current.at < settings.preparedTtlMs && current.version === version) return current;
    if (current) {
      current.stale = true;
      prepared.delete(key);
      if (current.users === 0) void current.action.then((action) => action.close()).catch(() => undefined);
    }
    const entry: Prepared = {
      action: context.integrations.prepareAction({ tenantId: task.tenant_id, integrationId: task.integration_id ?? '', action: task.action }),
      version,
      at: Date.now(),
      users: 0,
      stale: false,
    };
    // A refusal (not enabled, not configured) is each task's failure, and is not kept.
    entry.action.catch(() => {
      entry.stale = true;
      if (prepared.get(key) === entry) prepared.delete(key);
    });
    prepared.set(key, entry);
    return entry;
  };

  const flush = (): void => {
    clearTimeout(settleTimer);
    settleTimer = undefined;
    if (flushing || waiting.length === 0) return;
    flushing = (async () => {
      // A claim batch of results that waited meanwhile is settled at once; fewer wait for the next moment (below).
      for (let first = true; first || waiting.length >= settings.claimBatch || (!started && waiting.length > 0); first = false) {
        const batch = waiting;
        waiting = [];
        const groups = new Map<string, TaskResult[]>();
        for (const result of batch) {
          const key = groupKey(result.task.integration_id ?? '', result.task.action);
          groups.set(key, [...(groups.get(key) ?? []), result]);
        }
        try {
          // One transaction; groups in one order, so that counter rows are locked in one order by every worker.
          await db.transaction(async (tx) => {
            for (const key of [...groups.keys()].sort()) await settleTaskResults(context, tx, groups.get(key)!);
          });
        } catch (error) {
          // The tasks stay running: the target may have acted, so they fail as lost (outcome unknown), never re-sent.
          onError(error);
        } finally {
          inFlight -= batch.length;
        }
      }
    })().finally(() => {
      flushing = undefined;
      if (waiting.length >= settings.claimBatch || !started) flush();
      else if (waiting.length > 0) settleTimer ??= setTimeout(flush, settings.settleDelayMs);
      // A settle may make room in this process and tasks ready (an activation waits on its creation): a round.
      dispatcher.kick();
    });
  };

  const run = (task: ClaimedTaskRow): void => {
    inFlight += 1;
    const key = groupKey(task.integration_id ?? '', task.action);
    flying.set(key, (flying.get(key) ?? 0) + 1);
    const entry = preparedFor(task);
    entry.users += 1;
    const execution = executeTask(context, { task, prepared: () => entry.action })
      .then((result) => {
        if (task.integration_id === null) settleEnded([result]);
        else endRequest(result);
      })
      .catch((error: unknown) => {
        inFlight -= 1;
        onError(error);
      })
      .finally(() => {
        release(entry);
        executing.delete(execution);
        flying.set(key, (flying.get(key) ?? 1) - 1);
        // Stopped: no round gives the slots back; the settle does.
        if (!started) for (const other of [...ended.keys()]) settleEnded(takeEnded(other)?.results ?? []);
        else requestEnded(key);
      });
    executing.add(execution);
  };

  const takeEnded = (key: string) => {
    const entry = ended.get(key);
    ended.delete(key);
    return entry;
  };

  const claimRound = async (): Promise<void> => {
    while (again && started) {
      again = false;
      const now = context.now();
      const fresh = known !== undefined && Date.now() - known.at < settings.groupsTtlMs;
      const listed = fresh ? known!.groups : await listReadyGroups(db, { now, limit: 100 });
      if (!fresh) known = { groups: listed, at: Date.now() };
      // The groups with a task due, and those with slots to give back.
      const groups = [...listed];
      for (const [key, entry] of ended)
        if (!groups.some((group) => groupKey(group.integration_id, group.action) === key))
          groups.push({ tenant_id: entry.tenantId, integration_id: entry.integrationId, action: entry.action });
      let claimedHere = 0;
      // Whether every group listed has all its slots taken by this process's requests (then listing again finds nothing to claim).
      let allFull = groups.length > 0;
      const missing = groups.filter((group) => !counters.has(groupKey(group.integration_id, group.action)));
      if (missing.length > 0) {
        await ensureTaskCounters(
          db,
          missing.map((group) => ({ integrationId: group.integration_id, action: group.action })),
        );
        for (const group of missing) counters.add(groupKey(group.integration_id, group.action));
      }
      for (const group of groups) {
        if (!started) break;
        const room = Math.max(0, settings.maxInFlight - inFlight);
        const key = groupKey(group.integration_id, group.action);
        const done = takeEnded(key);
        if (room === 0 && !done) continue;
        let claimed: ClaimedTaskRow[] = [];
        /** What the claim asks for: room here, a batch, the group's limit. */
        let asked = 0;
        try {
          const limit = await input.concurrencyOf(group.tenant_id, group.integration_id, group.action);
          limits.set(key, limit);
          // Every slot of the group is taken by this process's requests in flight, and none ended: a claim would take nothing
          // (a round after a settle finds this often). Their ends start the next round.
          if (!done && (flying.get(key) ?? 0) >= limit) continue;
          if (room > 0 && (flying.get(key) ?? 0) < limit) allFull = false;
          asked = Math.min(room, settings.claimBatch, limit);
          claimed = await claimTaskBatch(db, {
            integrationId: group.integration_id,
            action: group.action,
            now,
            limit,
            max: asked,
            released: done?.results.map((result) => result.task.id) ?? [],
          });
        } catch (error) {
          onError(error);
        } finally {
          // Given back (or, if the statement failed, given back by the settle): the results are settled now.
          if (done) settleEnded(done.results);
        }
        for (const task of claimed) run(task);
        claimedHere += claimed.length;
        // A claim that took all it asked for may leave more due and room for it: another round. One that took less found the
        // group's slots taken or nothing more due; the ends of its requests start the next round.
        if (claimed.length > 0 && claimed.length >= asked) again = true;
      }
      // Nothing claimed from groups listed a moment ago: list again (a new group may be due), once; unless every slot of
      // those groups is taken by this process's requests, whose ends start the next round.
      if (claimedHere === 0 && fresh && !allFull) {
        known = undefined;
        again = inFlight < settings.maxInFlight;
      }
    }
  };

  const dispatcher: TaskDispatcher = {
    kick() {
      clearTimeout(claimTimer);
      claimTimer = undefined;
      if (!started) return;
      again = true;
      if (round) return;
      round = claimRound()
        .catch(onError)
        .finally(() => {
          round = undefined;
          if (again && started) dispatcher.kick();
        });
    },
    start() {
      started = true;
      dispatcher.kick();
    },
    async stop(timeoutMs) {
      started = false;
      clearTimeout(claimTimer);
      claimTimer = undefined;
      for (const key of [...ended.keys()]) settleEnded(takeEnded(key)?.results ?? []);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      const settled = (async () => {
        await round;
        await Promise.allSettled([...executing]);
        for (const key of [...ended.keys()]) settleEnded(takeEnded(key)?.results ?? []);
        // Results waiting for their batch's moment are settled now.
        flush();
        while (flushing) await flushing;
      })();
      await Promise.race([settled, timeout]);
      clearTimeout(timer);
      for (const entry of prepared.values()) {
        entry.stale = true;
        if (entry.users === 0) await entry.action.then((action) => action.close()).catch(() => undefined);
      }
      prepared.clear();
    },
  };
  return dispatcher;
}
