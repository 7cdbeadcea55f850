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
import { ServiceError } from '../service-error.js';

/** What planning needs to know of one integration. */
export interface IntegrationFacts {
  id: string;
  name: string;
  /** The offered actions with whether each is enabled. */
  actions: readonly OfferedAction[];
  /** How Create User can make an account inactive until Activate User (the spec's `createsInactive`); absent: it cannot. */
  createsInactive?: 'always' | 'whenAsked';
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

/**
 * Why an onboarding with an activation time cannot keep the person out of this application until
 * then, when a creation is to be sent: the account would be usable at once. Undefined when it can.
 */
export function activationObstacle(facts: IntegrationFacts): string | undefined {
  if (!enabledIn(facts).has('activateUser'))
    return facts.actions.some((action) => action.name === 'activateUser')
      ? `${facts.name}: Activate User is not enabled`
      : `${facts.name}: the application has no Activate User (an account or invitation it creates is usable at once)`;
  if (facts.createsInactive === undefined) return `${facts.name}: the connector cannot create an account inactive (its createUser declares no createsInactive)`;
  return undefined;
}

export async function planOnboarding(
  db: Queryable,
  input: { tenantId: string; person: PlannedPerson; integrations: readonly IntegrationFacts[]; activateAt?: Date },
): Promise<NewTask[]> {
  const tasks: NewTask[] = [];
  const obstacles: string[] = [];
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
    const obstacle = input.activateAt && create.status === 'pending' ? activationObstacle(facts) : undefined;
    if (obstacle) obstacles.push(obstacle);
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
  if (obstacles.length > 0) {
    throw new ServiceError(
      'ACTIVATION_NOT_POSSIBLE',
      `the person would have access before the activation time in ${obstacles.length === 1 ? 'one application' : `${obstacles.length} applications`}: ${obstacles.join('; ')}`,
      { hint: 'enable Activate User there, onboard those applications without activateAt, or leave them out of integrationIds; nothing was started' },
    );
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
    tasks.push(await removalTask(db, await input.integrationFacts(account.integration_id), account));
  }
  return tasks;
}

/**
 * The removal of one account, as offboarding does it: Delete User, or Deactivate User where the
 * integration keeps accounts (or Delete User is not enabled); a manual task where neither is enabled.
 */
export async function removalTask(db: Queryable, facts: IntegrationFacts, account: { external_id: string; email: string; name: string }): Promise<NewTask> {
  const enabled = enabledIn(facts);
  const { keep_accounts: keep } = await loadWorkflowSettings(db, facts.id);
  const accountId = account.external_id;
  const label = `${account.email || account.name} (id ${accountId})`;
  if (keep && enabled.has('deactivateUser')) return task(facts, 'deactivateUser', { status: 'pending', accountId });
  if (keep)
    return task(facts, 'manual', {
      status: 'manual',
      accountId,
      reason: `this application keeps accounts and Deactivate User is not enabled: deactivate ${label} by hand`,
    });
  if (enabled.has('deleteUser')) return task(facts, 'deleteUser', { status: 'pending', accountId });
  if (enabled.has('deactivateUser')) return task(facts, 'deactivateUser', { status: 'pending', accountId });
  return task(facts, 'manual', { status: 'manual', accountId, reason: `neither Delete User nor Deactivate User is enabled: remove ${label} by hand` });
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
