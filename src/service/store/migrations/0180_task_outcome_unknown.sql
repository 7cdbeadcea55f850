-- A task whose last attempt may have acted on the target without the service learning the answer
-- (its worker died, the request timed out or was reset after it was sent, a 5xx to a request that
-- is not idempotent). A creation marked so is never sent again before the account is looked up on
-- the target (issue 23 point 8); the mark stays until an attempt's outcome is known.
ALTER TABLE workflow_tasks ADD COLUMN outcome_unknown boolean NOT NULL DEFAULT false;
