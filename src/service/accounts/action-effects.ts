/**
 * How a write action shows in the Accounts list at once, without waiting for the next sync (which
 * reconciles): a created account is added (or brought back) and linked by email; an activated,
 * deactivated or deleted one changes state. Each change writes the account event a sync would,
 * naming the workflow or the actor that ran it. `integrations.runAction` calls it for every caller
 * (a workflow task, `POST /v1/integrations/:id/actions/:action/run`), in the transaction that
 * records the run.
 */
import type { Queryable } from '../store/database.js';
import { recordAccountState, recordAccountStates, recordCreatedAccount, toStaged, type ActionSource } from '../store/account-rows.js';
import { relinkAccounts } from '../store/people-rows.js';
import type { AccountState } from '../sync/sync-policy.js';
import type { ActionRun, ActionSubject } from '../integrations/run-action.js';

/** The state an account is in after each standard action succeeded. */
export const STATE_AFTER: Readonly<Partial<Record<string, AccountState>>> = { activateUser: 'active', deactivateUser: 'deactivated', deleteUser: 'removed' };

export interface Reflected {
  /** createUser: the account as the Accounts list now has it (absent when the answer named none). */
  created?: { externalId: string; state: string };
}

export async function reflectAction(
  tx: Queryable,
  input: { tenantId: string; integrationId: string; action: string; subject: ActionSubject; run: ActionRun; source: ActionSource },
): Promise<Reflected> {
  const scope = { tenantId: input.tenantId, integrationId: input.integrationId, source: input.source };
  if (input.action === 'createUser') {
    const account = input.run.result?.account;
    if (account === undefined) return {};
    const staged = toStaged(account);
    const created = await recordCreatedAccount(tx, { ...scope, account: staged });
    await relinkAccounts(tx, { tenantId: input.tenantId, integrationId: input.integrationId, emailKeys: [staged.email_key] });
    return { created: { externalId: staged.external_id, state: created.state } };
  }
  const state = STATE_AFTER[input.action];
  const externalId = input.subject.account?.id;
  if (state !== undefined && typeof externalId === 'string' && externalId !== '') await recordAccountState(tx, { ...scope, externalId, state });
  return {};
}

/**
 * `reflectAction` for many runs of one action of one integration (a batch of workflow tasks): a
 * state change of every account in one statement; creations one by one (each is added and linked).
 */
export async function reflectActions(
  tx: Queryable,
  input: { tenantId: string; integrationId: string; action: string; items: readonly { subject: ActionSubject; run: ActionRun; source: ActionSource }[] },
): Promise<Reflected[]> {
  const state = STATE_AFTER[input.action];
  if (state === undefined) {
    const reflected: Reflected[] = [];
    for (const item of input.items) reflected.push(await reflectAction(tx, { ...input, subject: item.subject, run: item.run, source: item.source }));
    return reflected;
  }
  const changes = input.items
    .map((item) => ({ externalId: item.subject.account?.id, source: item.source }))
    .filter((change): change is { externalId: string; source: ActionSource } => typeof change.externalId === 'string' && change.externalId !== '');
  await recordAccountStates(tx, { tenantId: input.tenantId, integrationId: input.integrationId, state, changes });
  return input.items.map(() => ({}));
}
