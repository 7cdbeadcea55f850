-- The audit trail: every configuration change and connection test, with who, which tenant and
-- integration, when, and a detail already redacted. No foreign key to integrations: the trail of
-- an integration outlives it.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  integration_id text,
  actor text NOT NULL,
  event text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}',
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_by_tenant ON audit_log (tenant_id, id);
