-- An integration whose key turned out read-only (a write action answered 403 with the target's
-- read-only signature): it keeps importing, its write actions are off, and the reason is shown.
-- Cleared when authentication is configured again.
ALTER TABLE integrations ADD COLUMN import_only_reason text;
ALTER TABLE integrations ADD COLUMN import_only_at timestamptz;
