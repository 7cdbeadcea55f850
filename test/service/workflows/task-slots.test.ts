/**
 * The in-flight slots of an (integration, action) count requests in flight (issue 26 point 3): a
 * task whose request ended gives its slot back in the statement that claims the next tasks, before
 * it is settled, and a slot is never given back twice (not by a second release, not by the
 * settle, not by the tick's recount). Store functions on an embedded database, the workflows set
 * up through the service without workers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openService } from '../../../src/service/index.js';
import type { Database } from '../../../src/service/store/database.js';
import { openDatabase, type StorageOptions } from '../../../src/service/store/open-database.js';
import { claimTaskBatch, ensureTaskCounters, reconcileTaskCounters, settleTasks } from '../../../src/service/store/workflow-rows.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';
import { serveHandlers } from '../../../src/simulators/serve-handlers.js';
import { createDeskState, deskHandlers } from '../../targets/basic-page-number/handlers.js';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { DESK_SPEC } from './workflows.cases.js';

const actor = 'hr-ops@example.com';
const storage = embeddedStorage('task-slots');

describe('in-flight slots of workflow tasks', () => {
  let db: Database;
  let integrationId: string;
  const now = new Date();

  beforeAll(async () => {
    const options = (await storage.options()) as StorageOptions;
    const service = await openService({ ...options, egress: ALLOW_LOOPBACK });
    // The target answers the setup only: the tasks are claimed and settled by hand, never sent.
    const state = createDeskState(0);
    const desk = await serveHandlers(...deskHandlers(state));
    try {
      const tenant = await service.tenants.create({ name: 'Slots', plan: 'business', actor });
      integrationId = (await service.integrations.create({ tenantId: tenant.id, actor, type: 'build-your-own', spec: DESK_SPEC, baseUrl: desk.origin })).id;
      const ref = { tenantId: tenant.id, integrationId };
      expect(await service.integrations.configureAuth({ ...ref, inputs: { username: state.username, password: state.password }, actor })).toMatchObject({
        ok: true,
      });
      await service.integrations.setAction({ ...ref, action: 'createUser', enabled: true, actor });
      const csv = ['email,name', ...Array.from({ length: 4 }, (_, index) => `slot${index}@example.com,Slot Person ${index}`)].join('\n');
      await service.people.importCsv({ tenantId: tenant.id, csv, actor });
      for (const person of await service.people.list({ tenantId: tenant.id }))
        await service.workflows.startOnboarding({
          tenantId: tenant.id,
          personId: person.id,
          integrationIds: [integrationId],
          idempotencyKey: person.id,
          actor,
        });
    } finally {
      await service.close();
      await desk.close();
    }
    db = await openDatabase(options);
    await ensureTaskCounters(db, [{ integrationId, action: 'createUser' }]);
  });
  afterAll(async () => {
    await db?.close();
    await storage.cleanup();
  });

  const running = async () =>
    (await db.query<{ running: number }>(`SELECT running FROM workflow_task_counters WHERE integration_id = $1 AND action = 'createUser'`, [integrationId]))
      .rows[0]?.running;
  const claim = (max: number, released: string[] = []) => claimTaskBatch(db, { integrationId, action: 'createUser', now, limit: 2, max, released });

  it('a slot goes back when the request ends, before the settle, and only once', async () => {
    const first = await claim(4);
    expect(first).toHaveLength(2);
    expect(await running()).toBe(2);
    // Full: nothing more is claimed while both requests are in flight.
    expect(await claim(4)).toHaveLength(0);
    // One request ended: its slot passes to the next task in one statement; the ended task is still running.
    const [ended] = first;
    const next = await claim(4, [ended!.id]);
    expect(next).toHaveLength(1);
    expect(await running()).toBe(2);
    expect((await db.query<{ status: string }>('SELECT status FROM workflow_tasks WHERE id = $1', [ended!.id])).rows[0]?.status).toBe('running');
    // Given back twice, or settled after: no slot comes back a second time.
    expect(await claim(0, [ended!.id])).toHaveLength(0);
    expect(await running()).toBe(2);
    await db.transaction((tx) => settleTasks(tx, { settlements: [{ taskId: ended!.id, outcome: { status: 'succeeded' } }], now }));
    expect(await running()).toBe(2);
    // A task settled while it still holds its slot (a creation checked on the target) gives it back in the settle.
    await db.transaction((tx) => settleTasks(tx, { settlements: [{ taskId: first[1]!.id, outcome: { status: 'succeeded' } }], now }));
    expect(await running()).toBe(1);
    // The tick's recount agrees: one task holds a slot (the one claimed last; the settled ones hold none).
    await db.query('UPDATE workflow_task_counters SET running = 0');
    await db.transaction((tx) => reconcileTaskCounters(tx));
    expect(await running()).toBe(1);
  });

  it('a claimed task carries what running it needs, no more: its own columns, the person, the account as the Accounts list has it', async () => {
    const { rows: waiting } = await db.query<{ id: string; tenant_id: string }>(
      `SELECT id, tenant_id FROM workflow_tasks WHERE integration_id = $1 AND status = 'pending' ORDER BY id LIMIT 1`,
      [integrationId],
    );
    const task = waiting[0]!;
    await db.query(
      `INSERT INTO accounts (tenant_id, integration_id, external_id, email, email_key, name, admin, state, fields, first_seen_at, last_seen_at, last_run_id)
       VALUES ($1, $2, 'acc-7', 'seven@example.com', 'seven@example.com', 'Seven', true, 'active', '{"title": "Agent"}', now(), now(), 'run-0')`,
      [task.tenant_id, integrationId],
    );
    await db.query(`UPDATE workflow_tasks SET account_external_id = 'acc-7' WHERE id = $1`, [task.id]);
    const { rows: holding } = await db.query<{ id: string }>('SELECT id FROM workflow_tasks WHERE holds_slot');
    const [claimed] = await claim(
      1,
      holding.map((row) => row.id),
    );
    expect(claimed?.id).toBe(task.id);
    expect(Object.keys(claimed!).sort()).toEqual(
      [
        'id',
        'workflow_id',
        'tenant_id',
        'integration_id',
        'integration_name',
        'action',
        'depends_on',
        'account_external_id',
        'vars',
        'attempts',
        'outcome_unknown',
        'workflow_created_by',
        'person_id',
        'person_email',
        'person_email_key',
        'person_name',
        'account',
        'integration_version',
        'activation_due_at',
      ].sort(),
    );
    expect(claimed).toMatchObject({ attempts: 1, person_email: expect.stringMatching(/^slot\d@example\.com$/), workflow_created_by: actor });
    // The account's fields an action's subject is made of, not its whole row.
    expect(claimed!.account).toEqual({ external_id: 'acc-7', email: 'seven@example.com', name: 'Seven', admin: true, fields: { title: 'Agent' } });
    // The integration's version as exact microseconds: compared, never parsed.
    const { rows: version } = await db.query<{ micros: string }>(
      'SELECT (extract(epoch FROM updated_at) * 1000000)::bigint::text AS micros FROM integrations WHERE id = $1',
      [integrationId],
    );
    expect(claimed!.integration_version).toBe(version[0]!.micros);
  });
});
