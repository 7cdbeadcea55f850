-- When a workflow last changed the account (created, activated, deactivated, removed it). A sync
-- run whose import began before that read the target before the change: it must neither undo the
-- change nor count the account as unseen (a joiner created mid-import is not a removal).
ALTER TABLE accounts ADD COLUMN workflow_changed_at timestamptz;
