-- A set-based sync (issue 26.1) and text made storable (issue 23.7).
--
-- Staging is keyed by the attempt that wrote it: the apply reads only its own attempt's rows, so a
-- late write of an attempt that was taken over lands beside them and is never applied (no lock of
-- the run per batch), and each attempt clears only its own rows. No foreign key: staging is scratch
-- that every attempt removes, and a per-row check of sync_runs cost as much as the row.
ALTER TABLE sync_run_accounts DROP CONSTRAINT sync_run_accounts_run_id_fkey;
ALTER TABLE sync_run_accounts DROP CONSTRAINT sync_run_accounts_pkey;
ALTER TABLE sync_run_accounts ADD COLUMN attempt integer NOT NULL DEFAULT 0;
ALTER TABLE sync_run_accounts ADD PRIMARY KEY (run_id, attempt, external_id);

-- What the sync changed in the account's text to store it (NUL removed, lone surrogates replaced):
-- NULL when nothing. Staged with the account and applied like its other columns.
ALTER TABLE sync_run_accounts ADD COLUMN cleaned text;
ALTER TABLE accounts ADD COLUMN cleaned text;

-- "Seen" without rewriting unchanged accounts: a complete run writes only the accounts it adds or
-- changes, and records itself on the integration (seen_run_id, when it applied, when its import
-- began). An account present and not missed by that run was seen by it. The accounts a run did not
-- see are marked with missed_run_id (what its removal, or its approval, removes).
ALTER TABLE accounts ADD COLUMN missed_run_id text;
ALTER TABLE sync_settings ADD COLUMN seen_run_id text;
ALTER TABLE sync_settings ADD COLUMN seen_at timestamptz;
ALTER TABLE sync_settings ADD COLUMN seen_since timestamptz;

-- A sync inserts accounts and their events by the hundred thousand; each row paid a check of every
-- foreign key, and two of them are implied by another: an account's tenant is its integration's
-- (the integration's key cascades from the tenant), an event's tenant is its account's. Without
-- those two checks the first sync of 100,000 accounts inserts in about two thirds of the time.
ALTER TABLE accounts DROP CONSTRAINT accounts_tenant_id_fkey;
ALTER TABLE account_events DROP CONSTRAINT account_events_tenant_id_fkey;
