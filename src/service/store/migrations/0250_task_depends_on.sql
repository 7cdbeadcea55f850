-- The tasks that wait on a task (an activation on its creation): read when a creation is claimed
-- and settled (`claimTaskBatch`, `skipWaitingTasks`, `failScheduledActivation`), by an index
-- instead of a scan of every task.
CREATE INDEX workflow_tasks_depends_on ON workflow_tasks (depends_on) WHERE depends_on IS NOT NULL;
