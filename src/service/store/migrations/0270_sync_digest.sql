-- A re-sync stages only the accounts that may have changed (issue 26.1): each account keeps a
-- digest of the values the sync last wrote (email, name, admin, state, fields, cleaned), computed
-- by the sync as it stages. A run reads the integration's digests once, and an account whose
-- imported values digest alike is counted seen without being staged; any other is staged and
-- compared column by column as before. Anything else that writes an account (a workflow, an
-- action) clears the digest, so the next sync compares that account in full.
ALTER TABLE accounts ADD COLUMN sync_digest text;
ALTER TABLE sync_run_accounts ADD COLUMN sync_digest text;
