-- Console operators who sign in with a username and password (issue 14). One tenant and one role
-- each; a username is unique across the service, so the sign-in form needs no tenant. Only an
-- scrypt hash is kept: `scrypt$N$r$p$salt$hash` (base64url), parameters stored with the hash.
CREATE TABLE operators (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  username text NOT NULL UNIQUE,
  role text NOT NULL CHECK (role IN ('admin', 'viewer')),
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  disabled_at timestamptz
);
CREATE INDEX operators_by_tenant ON operators (tenant_id, created_at);
