-- When each API token was last used (to the minute: verification writes it at most once a minute
-- per token), so an operator can see which tokens are idle before revoking them.
ALTER TABLE api_tokens ADD COLUMN last_used_at timestamptz;
