/**
 * Movers (issue 28 point 2): access profiles (a named set of applications, each with its options,
 * e.g. the admin flag, handed to Create User as its variables), the profiles a person holds, and
 * a move: changing a person's profiles. The difference is computed against the person's present
 * accounts (every account not removed, linked to the person):
 * - an application of the new profiles without an account: Create User (+ Activate User);
 *   with an account not active: Activate User where enabled;
 * - an account in an application the person's present profiles give and the new ones do not:
 *   Delete User, or Deactivate User where the integration keeps accounts (a manual task where
 *   neither is enabled), as offboarding does;
 * - an account in an application of the new profiles: kept;
 * - an account in an application no profile (old or new) gives is drift: left alone and listed,
 *   unless the move is asked with `removeDrift`, which removes those too. So giving a profile to
 *   people removes nothing they had before profiles existed.
 * `planMove` only answers the difference; `applyMove` runs it as ONE workflow of kind `move` with
 * the engine's own tasks (planned by the same functions onboarding and offboarding use) and
 * records the new profiles in the workflow's transaction; the same idempotency key returns the
 * same workflow. Drift lists present accounts of people with profiles outside those profiles.
 */
import { randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/audit-log.js';
import type { ServiceContext } from '../context.js';
import type { IntegrationOperations } from '../integrations/integrations.js';
import { isServiceError, ServiceError } from '../service-error.js';
import { findIntegration } from '../store/integration-rows.js';
import { connectorOf } from '../integrations/integration-types.js';
import { findPerson, emailHolders } from '../store/people-rows.js';
import {
  findProfile,
  insertProfile,
  listDriftRows,
  listPersonProfileIds,
  listPresentAccounts,
  listProfileApplications,
  listProfileRows,
  replacePersonProfiles,
  replaceProfileApplications,
  updateProfileRow,
  type ProfileApplicationRow,
  type ProfileRow,
} from '../store/profile-rows.js';
import { findWorkflowByKey, listWorkflowRows, type NewTask } from '../store/workflow-rows.js';
import { emailKey } from '../sync/sync-policy.js';
import { requireActor, requireText } from '../validate-input.js';
import { planOffboarding, planOnboarding, type IntegrationFacts, type PlannedPerson } from '../workflows/plan-tasks.js';
import { WORKFLOW_INPUT_LIMITS, type Started, type WorkflowOperations } from '../workflows/workflow-operations.js';
import type { Workflow } from '../workflows/workflow-view.js';
import { optionSupport, requireOptions, requireSupported, type OptionSupport, type ProfileOptions } from './profile-options.js';

/** Bounds of the movers' inputs (one place). */
export const PROFILE_LIMITS = {
  name: 200,
  applications: 100,
  profilesPerPerson: 50,
  optionsBytes: 4096,
  people: WORKFLOW_INPUT_LIMITS.people,
  drift: 1000,
} as const;

export interface ProfileApplication {
  integrationId: string;
  integrationName: string;
  /** `{ "admin": true }`: the move's Create User creates the account as an admin (its task's vars; the template's `user.admin`). */
  options: ProfileOptions;
  /** The integration was deleted since: moves create nothing there (said in their difference). */
  deleted: boolean;
}

export interface Profile {
  id: string;
  name: string;
  archived: boolean;
  createdBy: string;
  createdAt: string;
  applications: ProfileApplication[];
}

/** One step of a move as the workflow will hold it. */
export interface MoveStep {
  integrationId: string | null;
  integrationName: string;
  action: string;
  status: string;
  accountId?: string;
  reason?: string;
  /** Create User: the account is created as an admin; a manual step: the admin flag to set by hand. */
  admin?: boolean;
}

export interface KeptAccount {
  integrationId: string;
  integrationName: string;
  accountId: string;
  email: string;
  state: string;
  /** The admin flag the Accounts list holds. */
  admin: boolean;
}

export interface MovePlan {
  personId: string;
  /** The person's profiles now, and after the move. */
  from: { id: string; name: string }[];
  to: { id: string; name: string }[];
  /** Create User and Activate User steps (skipped ones carry their reason). */
  create: MoveStep[];
  /** Kept accounts whose admin flag the new profiles change: manual steps (no connector action changes it). */
  change: MoveStep[];
  /** Delete User, Deactivate User or manual steps for accounts outside the new profiles. */
  remove: MoveStep[];
  keep: KeptAccount[];
  /** Accounts in applications no profile gives, left alone (removed only with `removeDrift`). */
  drift: KeptAccount[];
}

export interface DriftEntry {
  personId: string;
  personName: string;
  personEmail: string;
  integrationId: string;
  integrationName: string;
  accountId: string;
  email: string;
  state: string;
}

interface ApplicationInput {
  integrationId: string;
  options?: ProfileOptions;
}

/** What planning a move needs of one integration: its actions, whether it is disabled, what its connector does with the options. */
interface MoverFacts extends IntegrationFacts {
  disabled: boolean;
  support: OptionSupport;
}

/** Task statuses that send something to the target. */
const RUNS = new Set(['pending', 'scheduled']);

export interface MoverOperations {
  createProfile(input: { tenantId: string; name: string; applications: ApplicationInput[]; actor: string }): Promise<Profile>;
  listProfiles(input: { tenantId: string; includeArchived?: boolean }): Promise<Profile[]>;
  /** Each integration of the tenant with the profile options its connector supports (`admin`: Create User sends the admin flag), for forms to offer only those. */
  applicationOptions(input: { tenantId: string }): Promise<{ integrationId: string; name: string; options: (keyof ProfileOptions)[] }[]>;
  getProfile(input: { tenantId: string; profileId: string }): Promise<Profile>;
  /** Rename, replace the applications, archive (true) or restore (false). People holding it are not moved by an edit. */
  updateProfile(input: {
    tenantId: string;
    profileId: string;
    name?: string;
    applications?: ApplicationInput[];
    archived?: boolean;
    actor: string;
  }): Promise<Profile>;
  personProfiles(input: { tenantId: string; personId: string }): Promise<Profile[]>;
  /** The difference a move to `profileIds` makes; changes nothing. */
  planMove(input: { tenantId: string; personId: string; profileIds: string[]; removeDrift?: boolean }): Promise<MovePlan>;
  /** Runs the move as one workflow and records the new profiles; the same key returns the same workflow. */
  applyMove(input: {
    tenantId: string;
    personId: string;
    profileIds: string[];
    removeDrift?: boolean;
    idempotencyKey: string;
    actor: string;
  }): Promise<Started>;
  /** Gives a profile to each person (ids or emails) in addition to their own: one move workflow per person. */
  assignProfile(input: {
    tenantId: string;
    profileId: string;
    people: string[];
    idempotencyKey: string;
    actor: string;
  }): Promise<{ message: string; workflows: Workflow[] }>;
  drift(input: { tenantId: string; limit?: number }): Promise<{ drift: DriftEntry[] }>;
}

const nameKey = (name: string) => name.trim().toLowerCase();

function requireIds(field: string, value: unknown, min: number, max: number): string[] {
  if (
    !Array.isArray(value) ||
    value.length < min ||
    value.length > max ||
    value.some((item) => typeof item !== 'string' || item.trim() === '' || item.length > 320)
  ) {
    throw new ServiceError('INVALID_INPUT', `${field} must be a list of ${min} to ${max} non-empty strings`, { hint: `give ${field}: ["…", …]` });
  }
  const ids = (value as string[]).map((item) => item.trim());
  if (new Set(ids).size !== ids.length) throw new ServiceError('INVALID_INPUT', `${field} names an entry twice`, { hint: 'give each once' });
  return ids;
}

function requireFlag(value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw new ServiceError('INVALID_INPUT', 'removeDrift must be true or false', { hint: 'leave it out to leave drift alone' });
  return value;
}

export function moverOperations(context: ServiceContext, integrations: IntegrationOperations, workflows: WorkflowOperations): MoverOperations {
  const { db } = context;

  const supportOf = async (tenantId: string, integrationId: string): Promise<OptionSupport> => {
    const row = await findIntegration(db, { tenantId, integrationId });
    return row ? optionSupport((await connectorOf(row)).spec) : { createsAdmin: false, readsAdmin: false };
  };

  const facts = async (tenantId: string, integrationId: string): Promise<MoverFacts> => {
    const integration = await integrations.get({ tenantId, integrationId });
    return {
      id: integration.id,
      name: integration.name,
      actions: await integrations.listActions({ tenantId, integrationId }),
      disabled: integration.disabled !== null,
      support: await supportOf(tenantId, integrationId),
    };
  };

  const toProfiles = async (rows: readonly ProfileRow[]): Promise<Profile[]> => {
    const apps = await listProfileApplications(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      archived: row.archived_at !== null,
      createdBy: row.created_by,
      createdAt: new Date(row.created_at).toISOString(),
      applications: apps
        .filter((app) => app.profile_id === row.id)
        .map((app) => ({
          integrationId: app.integration_id,
          integrationName: app.integration_name,
          options: app.options as ProfileOptions,
          deleted: app.integration_deleted,
        })),
    }));
  };

  const profileOf = async (tenantId: string, profileId: unknown): Promise<Profile> => {
    const id = requireText('profileId', profileId, { max: 200 });
    const row = await findProfile(db, { tenantId, profileId: id });
    if (!row)
      throw new ServiceError('NOT_FOUND', `access profile ${id} does not exist in tenant ${tenantId}`, { hint: 'list the tenant’s profiles to find its id' });
    return (await toProfiles([row]))[0]!;
  };

  const requireApplications = async (tenantId: string, value: unknown) => {
    if (!Array.isArray(value) || value.length > PROFILE_LIMITS.applications)
      throw new ServiceError('INVALID_INPUT', `applications must be a list of at most ${PROFILE_LIMITS.applications} applications`, {
        hint: 'give applications: [{"integrationId": "…", "options": {"admin": true}}]',
      });
    const seen = new Set<string>();
    const applications: { integrationId: string; options: ProfileOptions }[] = [];
    for (const [index, item] of (value as unknown[]).entries()) {
      const place = `applications[${index}]`;
      const entry = (item ?? {}) as ApplicationInput;
      const integrationId = requireText(`${place}.integrationId`, entry.integrationId, { max: 200 });
      if (seen.has(integrationId))
        throw new ServiceError('INVALID_INPUT', `${place} names integration ${integrationId} a second time`, { hint: 'name each application once' });
      seen.add(integrationId);
      const integration = await integrations.get({ tenantId, integrationId });
      const options = requireOptions(place, entry.options);
      requireSupported({ place, integrationName: integration.name, options, support: await supportOf(tenantId, integrationId) });
      applications.push({ integrationId, options });
    }
    return applications;
  };

  const loadPerson = async (tenantId: string, personId: unknown, options: { forMove?: boolean } = {}): Promise<PlannedPerson> => {
    const id = requireText('personId', personId, { max: 200 });
    const row = await findPerson(db, { tenantId, personId: id });
    if (!row) throw new ServiceError('NOT_FOUND', `person ${id} does not exist in tenant ${tenantId}`, { hint: 'list the tenant’s people to find the id' });
    // As the workflow engine refuses it, before a preview shows a difference no move could make.
    if (options.forMove && row.archived_at !== null)
      throw new ServiceError('PERSON_ARCHIVED', `${row.name} (${row.email}, id ${row.id}) is archived: no access is given to an archived person`, {
        hint: 'add the person again (POST /v1/people) if they are back; an archived person can only be offboarded',
      });
    return { id: row.id, email: row.email, emailKey: row.email_key || emailKey(row.email), name: row.name };
  };

  /** A move while the person is being offboarded would give back what the offboarding removes: refused until it has finished. */
  const requireNotLeaving = async (tenantId: string, person: PlannedPerson) => {
    const leaving = (await listWorkflowRows(db, { tenantId, personId: person.id, status: 'running', limit: 100 })).find((row) => row.kind === 'offboarding');
    if (leaving)
      throw new ServiceError('WORKFLOW_STATE', `${person.name} (${person.email}) is being offboarded (workflow ${leaving.id}): no move starts while it runs`, {
        hint: 'wait until the offboarding has finished, or cancel it; nothing was started',
      });
  };

  /** The target profiles, checked: each exists; an archived one only if the person holds it already. */
  const targetProfiles = async (tenantId: string, personId: string, profileIds: unknown) => {
    const ids = requireIds('profileIds', profileIds, 0, PROFILE_LIMITS.profilesPerPerson).sort();
    const held = await listPersonProfileIds(db, { tenantId, personId });
    const rows = await listProfileRows(db, { tenantId, ids: [...new Set([...ids, ...held])], archived: true });
    for (const id of ids) {
      const row = rows.find((candidate) => candidate.id === id);
      if (!row)
        throw new ServiceError('NOT_FOUND', `access profile ${id} does not exist in tenant ${tenantId}`, { hint: 'list the tenant’s profiles to find its id' });
      if (row.archived_at !== null && !held.includes(id))
        throw new ServiceError('PROFILE_ARCHIVED', `access profile ${row.name} (${id}) is archived`, { hint: 'restore it first, or choose another profile' });
    }
    const brief = (id: string) => ({ id, name: rows.find((row) => row.id === id)!.name });
    return { ids, from: held.map(brief), to: ids.map(brief) };
  };

  /**
   * The move's tasks: creations/activations first, then admin flags to change by hand, then
   * removals; and the kept accounts. Refused before anything starts: a creation as admin where the
   * connector cannot make one, a step to run in a disabled integration.
   */
  const planTasks = async (tenantId: string, person: PlannedPerson, profileIds: readonly string[], removeDrift: boolean) => {
    const apps = await listProfileApplications(db, profileIds);
    const heldApps = await listProfileApplications(db, await listPersonProfileIds(db, { tenantId, personId: person.id }));
    const given = new Set(heldApps.map((app) => app.integration_id));
    // An application in two profiles: one account, with the options of both (a true flag wins).
    const merge = (rows: readonly ProfileApplicationRow[]) => {
      const merged = new Map<string, ProfileOptions>();
      for (const app of rows)
        if (!app.integration_deleted) merged.set(app.integration_id, { admin: merged.get(app.integration_id)?.admin === true || app.options.admin === true });
      return merged;
    };
    const wanted = merge(apps);
    const held = merge(heldApps);
    const present = await listPresentAccounts(db, { tenantId, personId: person.id });
    const factsOf = new Map<string, MoverFacts>();
    const factsFor = async (integrationId: string) => {
      let known = factsOf.get(integrationId);
      if (!known) factsOf.set(integrationId, (known = await facts(tenantId, integrationId)));
      return known;
    };
    // A deleted integration of a profile: said, never silently dropped.
    const gone = new Map<string, NewTask>();
    for (const app of apps.filter((row) => row.integration_deleted && !wanted.has(row.integration_id)))
      gone.set(app.integration_id, {
        id: randomUUID(),
        integrationId: app.integration_id,
        integrationName: app.integration_name,
        action: 'createUser',
        status: 'skipped',
        reason: `the integration ${app.integration_name} was deleted: no account is created there; take it out of the profile`,
      });
    const toCreate: MoverFacts[] = [];
    const keep: KeptAccount[] = [];
    const changed: NewTask[] = [];
    for (const integrationId of [...wanted.keys()].sort()) {
      const accounts = present.filter((account) => account.integration_id === integrationId);
      const integration = await factsFor(integrationId);
      const admin = wanted.get(integrationId)!.admin === true;
      const active = accounts.find((account) => account.state === 'active' || account.state === 'invited');
      if (!active) {
        if (admin && !integration.support.createsAdmin) {
          const names = (
            await listProfileRows(db, {
              tenantId,
              ids: [...new Set(apps.filter((app) => app.integration_id === integrationId && app.options.admin === true).map((app) => app.profile_id))],
              archived: true,
            })
          ).map((row) => row.name);
          requireSupported({
            place: `access profile ${names.join(', ')}`,
            integrationName: integration.name,
            options: { admin },
            support: integration.support,
          });
        }
        toCreate.push(integration);
        continue;
      }
      for (const account of accounts) {
        keep.push({
          integrationId,
          integrationName: integration.name,
          accountId: account.external_id,
          email: account.email,
          state: account.state,
          admin: account.admin,
        });
        if (!integration.support.createsAdmin || (account.state !== 'active' && account.state !== 'invited')) continue;
        // The flag the account has: the target's, where the import reads it; else what the person's profiles gave.
        const now = integration.support.readsAdmin ? account.admin : held.get(integrationId)?.admin === true;
        if (now === admin) continue;
        changed.push({
          id: randomUUID(),
          integrationId,
          integrationName: integration.name,
          action: 'manual',
          status: 'manual',
          accountId: account.external_id,
          vars: { admin },
          reason: `${admin ? 'make' : 'stop'} ${account.email || account.name} (id ${account.external_id}) ${admin ? 'an admin' : 'being an admin'} in ${integration.name} by hand: no action of its connector changes an existing account’s admin flag`,
        });
      }
    }
    const created = await planOnboarding(db, { tenantId, person, integrations: toCreate });
    for (const task of created) {
      if (task.action === 'createUser' && task.status === 'pending' && task.integrationId !== null && wanted.get(task.integrationId)?.admin === true)
        task.vars = { admin: true };
    }
    created.push(...gone.values());
    const outside = present.filter((account) => !wanted.has(account.integration_id));
    const isDrift = (account: (typeof present)[number]) => !given.has(account.integration_id);
    const drift: KeptAccount[] = [];
    if (!removeDrift)
      for (const account of outside.filter(isDrift))
        drift.push({
          integrationId: account.integration_id,
          integrationName: (await factsFor(account.integration_id)).name,
          accountId: account.external_id,
          email: account.email,
          state: account.state,
          admin: account.admin,
        });
    const toRemove = removeDrift ? outside : outside.filter((account) => !isDrift(account));
    const removed = await planOffboarding(db, { tenantId, person, integrationFacts: factsFor, accounts: toRemove });
    // A step to run in a disabled integration would fail there: refused now, with nothing started.
    const blocked = [
      ...new Set(
        [...created, ...removed]
          .filter((task) => RUNS.has(task.status) && task.integrationId !== null && factsOf.get(task.integrationId)?.disabled)
          .map((task) => task.integrationName),
      ),
    ];
    if (blocked.length > 0)
      throw new ServiceError(
        'INTEGRATION_DISABLED',
        `the move would run steps in ${blocked.join(', ')}, which ${blocked.length === 1 ? 'is' : 'are'} disabled: no action runs there`,
        {
          hint: 'enable the integration first, or choose profiles without it; nothing was started',
        },
      );
    return { created, changed, removed, keep, drift };
  };

  const stepOf = (task: NewTask): MoveStep => ({
    integrationId: task.integrationId,
    integrationName: task.integrationName,
    action: task.action,
    status: task.status,
    ...(task.accountId ? { accountId: task.accountId } : {}),
    ...(task.reason ? { reason: task.reason } : {}),
    ...(typeof task.vars?.admin === 'boolean' ? { admin: task.vars.admin } : {}),
  });

  const operations: MoverOperations = {
    async createProfile(input) {
      const actor = requireActor(input.actor);
      const name = requireText('name', input.name, { max: PROFILE_LIMITS.name }).trim();
      const applications = await requireApplications(input.tenantId, input.applications);
      const id = randomUUID();
      await db.transaction(async (tx) => {
        const row = await insertProfile(tx, { id, tenantId: input.tenantId, name, nameKey: nameKey(name), createdBy: actor });
        if (!row)
          throw new ServiceError('PROFILE_NAME_TAKEN', `an access profile named ${JSON.stringify(name)} exists already`, {
            hint: 'choose another name, or edit that profile',
          });
        await replaceProfileApplications(tx, { tenantId: input.tenantId, profileId: id, applications });
        await recordAudit(tx, {
          tenantId: input.tenantId,
          actor,
          event: 'profile.created',
          detail: { profileId: id, name, applications: applications.map((app) => app.integrationId) },
        });
      });
      return profileOf(input.tenantId, id);
    },

    async listProfiles(input) {
      return toProfiles(await listProfileRows(db, { tenantId: input.tenantId, archived: input.includeArchived ?? false }));
    },

    async applicationOptions(input) {
      const all = await integrations.list({ tenantId: input.tenantId });
      return Promise.all(
        all.map(async (integration) => ({
          integrationId: integration.id,
          name: integration.name,
          options: (await supportOf(input.tenantId, integration.id)).createsAdmin ? ['admin' as const] : [],
        })),
      );
    },

    getProfile: (input) => profileOf(input.tenantId, input.profileId),

    async updateProfile(input) {
      const actor = requireActor(input.actor);
      const current = await profileOf(input.tenantId, input.profileId);
      const name = input.name === undefined ? undefined : requireText('name', input.name, { max: PROFILE_LIMITS.name }).trim();
      const applications = input.applications === undefined ? undefined : await requireApplications(input.tenantId, input.applications);
      if (input.archived !== undefined && typeof input.archived !== 'boolean')
        throw new ServiceError('INVALID_INPUT', 'archived must be true or false', { hint: 'true archives the profile, false restores it' });
      await db.transaction(async (tx) => {
        const row = await updateProfileRow(tx, {
          tenantId: input.tenantId,
          profileId: current.id,
          ...(name === undefined ? {} : { name, nameKey: nameKey(name) }),
          ...(input.archived === undefined ? {} : { archived: input.archived }),
        });
        if (!row)
          throw new ServiceError('PROFILE_NAME_TAKEN', `an access profile named ${JSON.stringify(name)} exists already`, { hint: 'choose another name' });
        if (applications) await replaceProfileApplications(tx, { tenantId: input.tenantId, profileId: current.id, applications });
        await recordAudit(tx, {
          tenantId: input.tenantId,
          actor,
          event: 'profile.changed',
          detail: {
            profileId: current.id,
            ...(name === undefined ? {} : { name }),
            ...(applications ? { applications: applications.map((app) => app.integrationId) } : {}),
            ...(input.archived === undefined ? {} : { archived: input.archived }),
          },
        });
      });
      return profileOf(input.tenantId, current.id);
    },

    async personProfiles(input) {
      const person = await loadPerson(input.tenantId, input.personId);
      const ids = await listPersonProfileIds(db, { tenantId: input.tenantId, personId: person.id });
      return toProfiles(await listProfileRows(db, { tenantId: input.tenantId, ids, archived: true }));
    },

    async planMove(input) {
      const person = await loadPerson(input.tenantId, input.personId, { forMove: true });
      const target = await targetProfiles(input.tenantId, person.id, input.profileIds);
      await requireNotLeaving(input.tenantId, person);
      const { created, changed, removed, keep, drift } = await planTasks(input.tenantId, person, target.ids, requireFlag(input.removeDrift));
      return {
        personId: person.id,
        from: target.from,
        to: target.to,
        create: created.map(stepOf),
        change: changed.map(stepOf),
        remove: removed.map(stepOf),
        keep,
        drift,
      };
    },

    async applyMove(input) {
      const person = await loadPerson(input.tenantId, input.personId);
      const ids = requireIds('profileIds', input.profileIds, 0, PROFILE_LIMITS.profilesPerPerson).sort();
      const removeDrift = requireFlag(input.removeDrift);
      return workflows.startPlanned({
        tenantId: input.tenantId,
        personId: person.id,
        idempotencyKey: input.idempotencyKey,
        actor: input.actor,
        kind: 'move',
        request: { personId: person.id, profileIds: ids, removeDrift },
        plan: async (planned) => {
          // Checked here, after the key: a replay of a finished move answers its workflow even if a profile was archived since.
          const target = await targetProfiles(input.tenantId, planned.id, ids);
          await requireNotLeaving(input.tenantId, planned);
          const { created, changed, removed } = await planTasks(input.tenantId, planned, target.ids, removeDrift);
          return [...created, ...changed, ...removed];
        },
        onStarted: async (tx, workflowId) => {
          const from = await listPersonProfileIds(tx, { tenantId: input.tenantId, personId: person.id });
          await replacePersonProfiles(tx, { tenantId: input.tenantId, personId: person.id, profileIds: ids, workflowId });
          await recordAudit(tx, {
            tenantId: input.tenantId,
            actor: input.actor,
            event: 'profile.moved',
            detail: { personId: person.id, workflowId, from, to: ids },
          });
        },
      });
    },

    async assignProfile(input) {
      requireActor(input.actor);
      const key = requireText('idempotencyKey', input.idempotencyKey, { max: 200 });
      const profile = await profileOf(input.tenantId, input.profileId);
      const entries = requireIds('people', input.people, 1, PROFILE_LIMITS.people);
      // Every entry is resolved before any workflow starts: one bad entry starts none.
      const personIds: string[] = [];
      for (const [index, entry] of entries.entries()) {
        if (entry.includes('@')) {
          const holders = await emailHolders(db, input.tenantId, [emailKey(entry)]);
          const ids = [...new Set(holders.map((holder) => holder.person_id))];
          if (ids.length !== 1)
            throw new ServiceError(
              ids.length === 0 ? 'NOT_FOUND' : 'INVALID_INPUT',
              `people[${index}]: ${ids.length === 0 ? 'no person has' : 'more than one person has'} the email ${entry}`,
              { hint: 'give the person’s id, or an email of exactly one person (list /v1/people)' },
            );
          personIds.push(ids[0]!);
        } else {
          personIds.push((await loadPerson(input.tenantId, entry)).id);
        }
      }
      if (new Set(personIds).size !== personIds.length)
        throw new ServiceError('INVALID_INPUT', 'people names one person twice (by id and by email, or by two emails)', { hint: 'give each person once' });
      // Every person's move is planned before any starts (an archived person, an archived profile,
      // a disabled integration…): one that would be refused starts none. A replayed key is not planned again.
      for (const [index, personId] of personIds.entries()) {
        if (await findWorkflowByKey(db, input.tenantId, `${key}:${personId}`)) continue;
        const held = await listPersonProfileIds(db, { tenantId: input.tenantId, personId });
        try {
          await operations.planMove({ tenantId: input.tenantId, personId, profileIds: [...new Set([...held, profile.id])] });
        } catch (error) {
          if (!isServiceError(error)) throw error;
          throw new ServiceError(error.code, `people[${index}] (${entries[index]}): ${error.message}; no workflow was started`, {
            ...(error.hint ? { hint: error.hint } : {}),
          });
        }
      }
      const workflows: Workflow[] = [];
      for (const personId of personIds) {
        const held = await listPersonProfileIds(db, { tenantId: input.tenantId, personId });
        const started = await operations.applyMove({
          tenantId: input.tenantId,
          personId,
          profileIds: [...new Set([...held, profile.id])],
          idempotencyKey: `${key}:${personId}`,
          actor: input.actor,
        });
        workflows.push(started.workflow);
      }
      const count = personIds.length;
      const message =
        count === 1
          ? `A workflow was created to give 1 person the profile ${profile.name}`
          : `${count} workflows were created to give ${count} people the profile ${profile.name}`;
      return { message, workflows };
    },

    async drift(input) {
      const limit = input.limit ?? PROFILE_LIMITS.drift;
      if (!Number.isInteger(limit) || limit < 1 || limit > PROFILE_LIMITS.drift)
        throw new ServiceError('INVALID_INPUT', `limit must be a whole number from 1 to ${PROFILE_LIMITS.drift}`, {
          hint: `leave it out for ${PROFILE_LIMITS.drift}`,
        });
      const rows = await listDriftRows(db, { tenantId: input.tenantId, limit });
      return {
        drift: rows.map((row) => ({
          personId: row.person_id,
          personName: row.person_name,
          personEmail: row.person_email,
          integrationId: row.integration_id,
          integrationName: row.integration_name,
          accountId: row.external_id,
          email: row.email,
          state: row.state,
        })),
      };
    },
  };
  return operations;
}
