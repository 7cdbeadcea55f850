-- Secrets a write action generated for the person (a one-time password, for targets that send no
-- welcome email: Microsoft Graph, Google Workspace), sealed with the tenant's data key like a
-- credential and bound to the task. Handed over once to an admin, then deleted.
CREATE TABLE task_secrets (
  task_id text NOT NULL REFERENCES workflow_tasks (id) ON DELETE CASCADE,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  integration_id text NOT NULL,
  name text NOT NULL,
  nonce text NOT NULL,
  ciphertext text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (task_id, name)
);
