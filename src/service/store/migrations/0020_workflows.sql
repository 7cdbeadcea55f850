-- Lifecycle workflows (issue 13): onboarding, offboarding, "Run provisioner action for user".
-- Business state lives here; the job engine (pg-boss) only wakes a worker with a task id, and a
-- task runs only after a conditional UPDATE claimed it, so a task fires once however many jobs name it.

CREATE TABLE workflows (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('onboarding', 'offboarding', 'provisioner_action')),
  person_id text NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('running', 'succeeded', 'needs_attention', 'cancelled')),
  -- The same key twice starts one workflow; the request's digest tells a replay from a different request.
  idempotency_key text NOT NULL,
  request_digest text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  UNIQUE (tenant_id, idempotency_key)
);
CREATE INDEX workflows_by_tenant ON workflows (tenant_id, created_at DESC, id DESC);
CREATE INDEX workflows_by_person ON workflows (tenant_id, person_id);

CREATE TABLE workflow_tasks (
  id text PRIMARY KEY,
  workflow_id text NOT NULL REFERENCES workflows (id) ON DELETE CASCADE,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  position integer NOT NULL,
  integration_id text REFERENCES integrations (id) ON DELETE SET NULL,
  integration_name text NOT NULL,
  -- A standard action, a custom action's name, or 'manual' (a step no enabled action can do).
  action text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'scheduled', 'running', 'succeeded', 'failed', 'skipped', 'manual')),
  -- An activation waits for its creation.
  depends_on text REFERENCES workflow_tasks (id) ON DELETE CASCADE,
  run_at timestamptz,
  -- The target's id of the account the task acts on (known at planning, or set by the creation).
  account_external_id text,
  -- A provisioner action's variables from the operator (the person and `actor` are added when it runs).
  vars jsonb,
  reason text,
  error_code text,
  error_message text,
  error_detail jsonb,
  attempts integer NOT NULL DEFAULT 0,
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX workflow_tasks_by_workflow ON workflow_tasks (workflow_id, position);
-- A claim walks this index in due order and stops at the first ready task: no sort of every waiting task.
CREATE INDEX workflow_tasks_ready ON workflow_tasks (integration_id, action, run_at NULLS FIRST) WHERE status IN ('pending', 'scheduled');
CREATE INDEX workflow_tasks_running ON workflow_tasks (integration_id, action) WHERE status = 'running';

-- Per integration: how offboarding removes its accounts, and how many tasks may act on it at once.
CREATE TABLE workflow_settings (
  integration_id text PRIMARY KEY REFERENCES integrations (id) ON DELETE CASCADE,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  -- Deactivate User instead of Delete User where the accounts must be kept.
  keep_accounts boolean NOT NULL DEFAULT false,
  -- Tasks of one action in flight at once across every worker; NULL: the spec's maxInFlight, else the default.
  max_concurrency integer CHECK (max_concurrency BETWEEN 1 AND 1000),
  updated_at timestamptz NOT NULL DEFAULT now()
);
