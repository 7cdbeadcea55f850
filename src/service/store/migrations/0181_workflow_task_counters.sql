-- Tasks of one action of one integration in flight, counted in a row instead of under an advisory
-- lock held across a transaction (issue 26 point 3). A batch claim takes slots from this row in the
-- statement that claims the tasks, a settle gives them back in the statement that settles them;
-- the tick recomputes it from the tasks (a counter never drifts for longer than a tick).
CREATE TABLE workflow_task_counters (
  integration_id text NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
  action text NOT NULL,
  running integer NOT NULL DEFAULT 0 CHECK (running >= 0),
  -- The slots the last claim took (written by the claim's UPDATE from the row's values before it).
  last_taken integer NOT NULL DEFAULT 0,
  PRIMARY KEY (integration_id, action)
);
INSERT INTO workflow_task_counters (integration_id, action, running)
SELECT integration_id, action, count(*) FROM workflow_tasks WHERE status = 'running' AND integration_id IS NOT NULL GROUP BY integration_id, action;
-- The ready tasks of every integration in due order (the batch claim's scan across groups).
CREATE INDEX workflow_tasks_due ON workflow_tasks (run_at NULLS FIRST) WHERE status IN ('pending', 'scheduled');
