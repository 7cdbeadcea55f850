-- Integrations of a tenant (docs/contributors/product-rules.md "Integration types", "Setup order"): the type chosen first, then the
-- authentication (non-secret inputs in settings, secrets sealed in integration_credentials), then
-- the actions enabled.
CREATE TABLE integrations (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('prebuilt', 'scim', 'build-your-own')),
  -- A shipped connector's id, or the id a build-your-own spec declares.
  connector_id text NOT NULL,
  -- Build-your-own only: the spec as the customer wrote it (it holds no secret: the compiler refuses inline secrets).
  spec_text text,
  -- Overrides the spec's base URL (prebuilt: prefilled from the spec).
  base_url text,
  -- Non-secret operator inputs, e.g. the SCIM base URL.
  settings jsonb NOT NULL DEFAULT '{}',
  auth_configured_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX integrations_by_tenant ON integrations (tenant_id, created_at, id);

-- Secret inputs, sealed with the tenant's data key; associated data = tenant + integration + field.
CREATE TABLE integration_credentials (
  integration_id text NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
  field text NOT NULL,
  nonce text NOT NULL,
  ciphertext text NOT NULL,
  PRIMARY KEY (integration_id, field)
);

CREATE TABLE integration_actions (
  integration_id text NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
  action text NOT NULL,
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (integration_id, action)
);
