/**
 * The sync digest (issue 26.1): an account keeps the digest of the values a sync last wrote, and a
 * re-sync leaves an account whose import digests alike unstaged. Anything else that writes the
 * account clears it, so the next sync compares that account in full and the target's values win
 * again (a workflow's deactivation, a creation, a batch of state changes).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../../src/service/store/open-database.js';
import type { Database } from '../../../src/service/store/database.js';
import {
  applyStaged,
  loadSyncDigests,
  recordAccountState,
  recordAccountStates,
  recordCreatedAccount,
  syncDigest,
  toStaged,
} from '../../../src/service/store/account-rows.js';
import { stageAccounts } from '../../../src/service/store/sync-run-rows.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { seedDataDir } from '../../setup/pglite-template.js';
import { insertStoreIntegration } from '../helpers/store-integration.js';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let db: Database;
const scope = { tenantId: 'digest-tenant', integrationId: 'digest-integration' };
const accounts = ['a', 'b', 'c', 'd'].map((id) => toStaged({ id, email: `${id}@example.com`, name: `User ${id}`, admin: false }));

beforeAll(async () => {
  dir = await makeTempDir('sync-digest');
  db = await openDatabase({ dataDir: await seedDataDir(join(dir.path, 'data')) });
  await insertStoreIntegration(db, scope, 'Digest');
  const fence = { runId: 'run-1', attempt: 1 };
  await stageAccounts(
    db,
    fence,
    accounts.map((account) => ({ ...account, digest: syncDigest(account) })),
  );
  await db.transaction((tx) => applyStaged(tx, { ...scope, ...fence, importStartedAt: new Date() }));
});
afterAll(async () => {
  await db?.close();
  await dir?.remove();
});

it('keeps the digest a sync wrote; a workflow’s state change, a batch of them and a creation over the account clear it', async () => {
  const digests = await loadSyncDigests(db, scope.integrationId);
  expect([...digests.entries()]).toEqual(accounts.map((account) => [account.external_id, syncDigest(account)]));

  await recordAccountState(db, { ...scope, externalId: 'a', state: 'deactivated', source: { workflowId: 'w1', actor: 'ops' } });
  await recordAccountStates(db, { ...scope, state: 'deactivated', changes: [{ externalId: 'b', source: { workflowId: 'w2', actor: 'ops' } }] });
  await recordCreatedAccount(db, { ...scope, account: accounts[2]!, source: { actor: 'ops' } });
  const after = await loadSyncDigests(db, scope.integrationId);
  expect(after.get('a')).toBeNull();
  expect(after.get('b')).toBeNull();
  expect(after.get('c')).toBeNull();
  expect(after.get('d')).toBe(syncDigest(accounts[3]!));
});

it('a digest of other values differs (the filter never takes a change for none)', () => {
  const [first] = accounts;
  expect(syncDigest({ ...first!, state: 'deactivated' })).not.toBe(syncDigest(first!));
  expect(syncDigest({ ...first!, fields: { role: 'admin' } })).not.toBe(syncDigest(first!));
  expect(syncDigest({ ...first!, name: 'Other' })).not.toBe(syncDigest(first!));
});
