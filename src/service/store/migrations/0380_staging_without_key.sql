-- Staging keeps no unique key (issue 26.1). The key (run, attempt, external id) cost the server
-- about 1.1 s of CPU for every 100,000 rows a first sync staged (an insert into a unique index on
-- a 36-character run id and the external id, where the rows alone took 0.8 s), while the import
-- that staging overlaps needs the same two cores. Nothing reads staging by external id alone:
-- every statement takes one attempt's rows (run, attempt), which this index finds; the apply joins
-- them to `accounts` by hash. Uniqueness is the writer's: `StageWriter` stages an external id once
-- per attempt (a repeated id is counted as `duplicate id`), and were one ever staged twice, a first
-- sync's insert would fail on `accounts`' own key (integration, external id) and apply nothing.
ALTER TABLE sync_run_accounts DROP CONSTRAINT sync_run_accounts_pkey;
CREATE INDEX sync_run_accounts_by_attempt ON sync_run_accounts (run_id, attempt);
