-- A first sync adds accounts by the hundred thousand (issue 26), and each wrote an `added` event
-- row beside it: a heap row, two index entries and its write-ahead log (about a third of the apply
-- of 100,000 new accounts on PGlite, a quarter on PostgreSQL, 30 MB of WAL). The account now
-- carries that event: `added_event_id`, an id drawn from account_events' own sequence when the
-- account is added (so the event keeps its place among the account's later events), and
-- `added_run_id`, the run that added it; its time is `first_seen_at` (the same transaction's
-- now()), its detail empty. The account history reads it beside the stored events
-- (`ACCOUNT_EVENTS` in account-rows.ts). An account added with text cleaned, or by an action,
-- still has its `added` event stored (its detail is not empty), and these columns stay NULL.
ALTER TABLE accounts ADD COLUMN added_event_id bigint;
ALTER TABLE accounts ADD COLUMN added_run_id text;
