-- Console sessions after sign-in (issue 22), shared by every service process and kept across
-- restarts. Only the SHA-256 of the session id is stored, so a dump yields no usable session; the
-- forms' CSRF token is derived from the id, not stored. Sessions before sign-in have no row (the
-- sign-in form carries a signed token), so a flood of anonymous visits writes nothing.
CREATE TABLE console_sessions (
  id_hash text PRIMARY KEY,
  -- Orders sessions signed in within one clock tick: the oldest is evicted first.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  token_id text REFERENCES api_tokens (id) ON DELETE CASCADE,
  operator_id text REFERENCES operators (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  seen_at timestamptz NOT NULL,
  CHECK ((token_id IS NULL) <> (operator_id IS NULL))
);
-- The per-tenant limit evicts a tenant's oldest sessions, never another tenant's.
CREATE INDEX console_sessions_by_tenant ON console_sessions (tenant_id, created_at, seq);

-- Failed sign-ins per username and per client address in a fixed window, so the throttle holds
-- across processes. The key is a SHA-256 (of `user:<name>` or `address:<ip>`), not the text typed.
CREATE TABLE sign_in_attempts (
  key_hash text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  failures integer NOT NULL
);
CREATE INDEX sign_in_attempts_by_window ON sign_in_attempts (window_start);
