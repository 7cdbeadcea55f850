-- Issue 28 point 2, movers. An access profile is a named set of applications (integrations, each
-- with its options, e.g. the admin flag); a person holds profiles, and a move changes them and runs
-- the difference against the person's present accounts as one workflow of kind 'move'.

CREATE TABLE access_profiles (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (name <> ''),
  -- lower(trim(name)): one profile of a name per tenant, archived ones included.
  name_key text NOT NULL CHECK (name_key <> ''),
  archived_at timestamptz,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, name_key)
);

CREATE TABLE access_profile_applications (
  profile_id text NOT NULL REFERENCES access_profiles (id) ON DELETE CASCADE,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  integration_id text NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
  -- Per-application options handed to Create User as its variables (e.g. {"admin": true}).
  options jsonb NOT NULL DEFAULT '{}'::jsonb,
  PRIMARY KEY (profile_id, integration_id)
);
CREATE INDEX access_profile_applications_by_integration ON access_profile_applications (tenant_id, integration_id);

CREATE TABLE person_profiles (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  person_id text NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  profile_id text NOT NULL REFERENCES access_profiles (id) ON DELETE CASCADE,
  -- The move workflow that gave it (NULL: none had work to do).
  workflow_id text REFERENCES workflows (id) ON DELETE SET NULL,
  assigned_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (person_id, profile_id)
);
CREATE INDEX person_profiles_by_profile ON person_profiles (tenant_id, profile_id);

-- A move is a workflow of its own kind (create/activate and delete/deactivate tasks together).
ALTER TABLE workflows DROP CONSTRAINT workflows_kind_check;
ALTER TABLE workflows ADD CONSTRAINT workflows_kind_check CHECK (kind IN ('onboarding', 'offboarding', 'provisioner_action', 'move'));
