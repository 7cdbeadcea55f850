/**
 * An offboarding ends the person's moves (called in the transaction that starts it): every move
 * still running or needing attention is cancelled (its waiting steps skipped with the reason, so
 * no account is created after the person left and no failed creation is retried), and the person
 * holds no profile any more (a leaver listed as "Engineering" would lie, and drift would list
 * what the offboarding removes). Both are audited.
 */
import { recordAudit } from '../audit/audit-log.js';
import type { Queryable } from '../store/database.js';
import { listPersonProfileIds, replacePersonProfiles } from '../store/profile-rows.js';
import { cancelWorkflowRow, listWorkflowRows, skipWaitingTasks } from '../store/workflow-rows.js';

export async function endMovesOnOffboarding(tx: Queryable, input: { tenantId: string; personId: string; workflowId: string; actor: string }): Promise<void> {
  const open = (await listWorkflowRows(tx, { tenantId: input.tenantId, personId: input.personId, limit: 1000 })).filter(
    (row) => row.kind === 'move' && (row.status === 'running' || row.status === 'needs_attention'),
  );
  for (const move of open) {
    await skipWaitingTasks(tx, { workflowId: move.id, reason: `the person is being offboarded (workflow ${input.workflowId})` });
    await cancelWorkflowRow(tx, move.id);
    await recordAudit(tx, {
      tenantId: input.tenantId,
      actor: input.actor,
      event: 'workflow.cancelled',
      detail: { workflowId: move.id, reason: `offboarding ${input.workflowId}` },
    });
  }
  const held = await listPersonProfileIds(tx, input);
  if (held.length === 0) return;
  await replacePersonProfiles(tx, { tenantId: input.tenantId, personId: input.personId, profileIds: [], workflowId: input.workflowId });
  await recordAudit(tx, {
    tenantId: input.tenantId,
    actor: input.actor,
    event: 'profile.moved',
    detail: { personId: input.personId, workflowId: input.workflowId, from: held, to: [], reason: 'offboarding' },
  });
}
