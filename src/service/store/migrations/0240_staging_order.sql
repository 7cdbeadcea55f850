-- The order the target listed its accounts in: staging rows are numbered as they are written
-- (unnest keeps the array's order), and a first sync adds accounts in that order, so the
-- Accounts list (id order) shows them as the target does, not in the order a hash join met them.
ALTER TABLE sync_run_accounts ADD COLUMN seq bigserial;
