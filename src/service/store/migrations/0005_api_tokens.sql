-- API tokens of a tenant's callers: only the SHA-256 of the token is kept (the token is shown once,
-- when created). Role admin configures, viewer reads.
CREATE TABLE api_tokens (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'viewer')),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX api_tokens_by_tenant ON api_tokens (tenant_id, created_at);
