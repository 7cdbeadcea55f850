/**
 * Before a creation whose earlier outcome is unknown is sent again (its worker died, the request
 * timed out or was reset after it was sent, a 5xx to a request that is not idempotent), the
 * account is looked up on the target itself, never in the Accounts list (which only says what the
 * last sync saw). The connector language has no lookup of one user, so the lookup is the
 * connector's Import Users read to its end, bounded: it stops at the first account whose email (or
 * `userName`) is the person's, and a walk that cannot finish (a failed page, more accounts than the
 * bound) is a failed lookup, never "not there".
 */
import type { Account } from '../../index.js';
import { isConnectorError } from '../../runtime/errors.js';
import type { IntegrationOperations, IntegrationRef } from '../integrations/integrations.js';
import { describeFailure } from '../integrations/run-action.js';
import { isServiceError } from '../service-error.js';
import { emailKey } from '../sync/sync-policy.js';

/** How many accounts the lookup reads before it gives up (and fails the task rather than creating). */
export const TARGET_LOOKUP_LIMITS = { maxAccounts: 200_000 } as const;

export type TargetLookup = { found: Account } | { found: undefined; read: number } | { failed: { message: string; failure?: Record<string, unknown> } };

function matches(account: Account, key: string): boolean {
  for (const value of [account.email, account.userName]) if (typeof value === 'string' && value !== '' && emailKey(value) === key) return true;
  return false;
}

/** Looks for the person's account on the target (by email, or a `userName` that is the email). */
export async function findAccountOnTarget(
  integrations: Pick<IntegrationOperations, 'connect'>,
  ref: IntegrationRef,
  person: { emailKey: string },
  limits: { maxAccounts: number } = TARGET_LOOKUP_LIMITS,
): Promise<TargetLookup> {
  let client: Awaited<ReturnType<IntegrationOperations['connect']>> | undefined;
  let read = 0;
  let unreadable = 0;
  try {
    client = await integrations.connect(ref);
    for await (const page of client.importUsers()) {
      for (const account of page.accounts) {
        if (matches(account, person.emailKey)) return { found: account };
      }
      read += page.accounts.length;
      unreadable += page.problems.length;
      if (read > limits.maxAccounts) {
        return { failed: { message: `the target holds more than ${limits.maxAccounts} accounts, more than a lookup reads` } };
      }
    }
    // A record the mapping could not read might be the account: absence is not proven.
    if (unreadable > 0) return { failed: { message: `${unreadable} records of the target could not be read, so the account may be among them` } };
    return { found: undefined, read };
  } catch (error) {
    if (isConnectorError(error)) return { failed: { message: error.message, failure: describeFailure(error) } };
    if (isServiceError(error)) return { failed: { message: error.message, ...(error.failure ? { failure: error.failure } : {}) } };
    return { failed: { message: error instanceof Error ? error.message : String(error) } };
  } finally {
    await client?.close().catch(() => undefined);
  }
}
