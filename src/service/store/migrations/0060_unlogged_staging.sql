-- Staged pages are scratch: a run that did not finish restages from its first page (its next
-- attempt clears them), so they need no write-ahead log. Unlogged, staging a page of a large
-- import costs a fraction of a logged insert; a server crash empties the table, which loses nothing.
ALTER TABLE sync_run_accounts SET UNLOGGED;
