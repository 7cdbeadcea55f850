-- A running task holds one in-flight slot of its (integration, action) (workflow_task_counters)
-- only while its request is in flight: the dispatcher gives the slot back as soon as the target
-- answered, in the statement that claims the next tasks, and the task is settled afterwards
-- (issue 26 point 3: the limit counts requests in flight, and no slot waits for a settle). Every
-- statement that takes or gives back slots flips this flag in the same statement, so a slot is
-- never given back twice, and the tick's recount counts the flagged tasks.
ALTER TABLE workflow_tasks ADD COLUMN holds_slot boolean NOT NULL DEFAULT false;
UPDATE workflow_tasks SET holds_slot = true WHERE status = 'running';
