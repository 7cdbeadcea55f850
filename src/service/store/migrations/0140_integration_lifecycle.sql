-- An integration can be disabled (kept and shown, but no sync or workflow task runs for it) and
-- deleted (issue 23 point 2). A deleted integration keeps its row, so its accounts and their events
-- stay as history, but every read of the service treats it as gone: it is NOT_FOUND, its column
-- leaves the Access Grid and offboarding no longer targets its accounts.
ALTER TABLE integrations ADD COLUMN disabled_at timestamptz;
ALTER TABLE integrations ADD COLUMN disabled_by text;
ALTER TABLE integrations ADD COLUMN deleted_at timestamptz;
ALTER TABLE integrations ADD COLUMN deleted_by text;
