-- The ready tasks of one (integration, action) in the order a batch claim takes them (run_at, then
-- id): the claim walks this index and stops after its batch, instead of sorting every due task of
-- the group for each claim (10,000 activations due at once made each claim a scan of all of them).
-- It replaces workflow_tasks_ready (0020), of which it is an extension.
CREATE INDEX workflow_tasks_claim_order ON workflow_tasks (integration_id, action, run_at NULLS FIRST, id) WHERE status IN ('pending', 'scheduled');
DROP INDEX workflow_tasks_ready;
