/**
 * What each workflow kind does, decided when it starts, from the integrations' enabled actions,
 * their workflow settings and the Accounts list:
 * - onboarding: Create User where enabled; an account the last import found is linked, not created
 *   again; Activate User (where enabled) at the chosen time, after the creation;
 * - offboarding: for each present account of the person, Delete User, or Deactivate User where the
 *   integration keeps accounts; neither enabled is a manual task, listed;
 * - provisioner action: the one action chosen.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../store/database.js';
import type { NewTask } from '../store/workflow-rows.js';
import { loadWorkflowSettings } from '../store/workflow-rows.js';
import { findPersonAccount, listPersonAccounts } from '../store/account-rows.js';
import type { OfferedAction } from '../integrations/offered-actions.js';

/** What planning needs to know of one integration. */
export interface IntegrationFacts {
  id: string;
  name: string;
  /** The offered actions with whether each is enabled. */
  actions: readonly OfferedAction[];
}

export interface PlannedPerson {
  id: string;
  email: string;
  emailKey: string;
  name: string;
}

const enabledIn = (facts: IntegrationFacts) => new Set(facts.actions.filter((action) => action.enabled).map((action) => action.name));

const task = (facts: IntegrationFacts, action: string, rest: Omit<NewTask, 'id' | 'integrationId' | 'integrationName' | 'action'>): NewTask => ({
  id: randomUUID(),
  integrationId: facts.id,
  integrationName: facts.name,
  action,
  ...rest,
});

export async function planOnboarding(
  db: Queryable,
  input: { tenantId: string; person: PlannedPerson; integrations: readonly IntegrationFacts[]; activateAt?: Date },
): Promise<NewTask[]> {
  const tasks: NewTask[] = [];
  for (const facts of input.integrations) {
    const enabled = enabledIn(facts);
    const existing = await findPersonAccount(db, {
      tenantId: input.tenantId,
      integrationId: facts.id,
      personId: input.person.id,
      emailKey: input.person.emailKey,
    });
    let create: NewTask;
    if (existing) {
      create = task(facts, 'createUser', {
        status: 'skipped',
        accountId: existing.external_id,
        reason: `the account already exists (id ${existing.external_id}, ${existing.email}, found by the last import); it is linked, not created again`,
      });
    } else if (!enabled.has('createUser')) {
      create = task(facts, 'createUser', { status: 'skipped', reason: 'Create User is not enabled for this application' });
    } else {
      create = task(facts, 'createUser', { status: 'pending' });
    }
    tasks.push(create);
    const canActivate = enabled.has('activateUser') && (create.status === 'pending' || (existing !== undefined && existing.state !== 'active'));
    if (canActivate) {
      tasks.push(
        task(facts, 'activateUser', {
          status: input.activateAt ? 'scheduled' : 'pending',
          dependsOn: create.id,
          ...(input.activateAt ? { runAt: input.activateAt } : {}),
          ...(existing ? { accountId: existing.external_id } : {}),
        }),
      );
    }
  }
  return tasks;
}

export async function planOffboarding(
  db: Queryable,
  input: {
    tenantId: string;
    person: PlannedPerson;
    integrationFacts: (integrationId: string) => Promise<IntegrationFacts>;
    /** Only these accounts (a move removes those outside the person's profiles); every present account when left out. */
    accounts?: readonly { integration_id: string; external_id: string; email: string; name: string }[];
  },
): Promise<NewTask[]> {
  const tasks: NewTask[] = [];
  for (const account of input.accounts ?? (await listPersonAccounts(db, { tenantId: input.tenantId, personId: input.person.id }))) {
    const facts = await input.integrationFacts(account.integration_id);
    const enabled = enabledIn(facts);
    const { keep_accounts: keep } = await loadWorkflowSettings(db, facts.id);
    const accountId = account.external_id;
    const label = `${account.email || account.name} (id ${accountId})`;
    if (keep && enabled.has('deactivateUser')) tasks.push(task(facts, 'deactivateUser', { status: 'pending', accountId }));
    else if (keep)
      tasks.push(
        task(facts, 'manual', {
          status: 'manual',
          accountId,
          reason: `this application keeps accounts and Deactivate User is not enabled: deactivate ${label} by hand`,
        }),
      );
    else if (enabled.has('deleteUser')) tasks.push(task(facts, 'deleteUser', { status: 'pending', accountId }));
    else if (enabled.has('deactivateUser')) tasks.push(task(facts, 'deactivateUser', { status: 'pending', accountId }));
    else
      tasks.push(task(facts, 'manual', { status: 'manual', accountId, reason: `neither Delete User nor Deactivate User is enabled: remove ${label} by hand` }));
  }
  return tasks;
}

export async function planProvisionerAction(
  db: Queryable,
  input: { tenantId: string; person: PlannedPerson; facts: IntegrationFacts; action: string; vars?: Record<string, unknown> },
): Promise<NewTask[]> {
  const existing = await findPersonAccount(db, {
    tenantId: input.tenantId,
    integrationId: input.facts.id,
    personId: input.person.id,
    emailKey: input.person.emailKey,
  });
  return [
    task(input.facts, input.action, {
      status: 'pending',
      ...(existing ? { accountId: existing.external_id } : {}),
      ...(input.vars ? { vars: input.vars } : {}),
    }),
  ];
}
