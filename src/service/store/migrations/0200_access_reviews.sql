-- Access review campaigns (issue 28 point 1). A campaign freezes one review item per present
-- account of its scope when it starts; decisions, removals and their confirmation are kept on the
-- item, so the report shows exactly what was reviewed even after the Accounts list moved on.

CREATE TABLE review_campaigns (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- NULL: every integration of the tenant at start; else the chosen ones.
  integration_ids text[],
  -- Left out by an explicit choice at start (an integration that could not sync).
  without_integration_ids text[] NOT NULL DEFAULT '{}',
  -- Integrations the start waits for (a fresh successful sync), with why.
  waiting_for jsonb NOT NULL DEFAULT '[]',
  due_at timestamptz NOT NULL,
  -- [{ "reviewer": "<operator>", "integrationId": "<id>" | null }]: one for all, or one per integration.
  reviewers jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('draft', 'waiting', 'open', 'closed')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  closed_at timestamptz,
  closed_by text
);
CREATE INDEX review_campaigns_by_tenant ON review_campaigns (tenant_id, created_at DESC, id DESC);

CREATE TABLE review_items (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  campaign_id text NOT NULL REFERENCES review_campaigns (id) ON DELETE CASCADE,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  -- Frozen at start: the account as the Accounts list held it.
  account_id bigint REFERENCES accounts (id) ON DELETE SET NULL,
  integration_id text REFERENCES integrations (id) ON DELETE SET NULL,
  integration_name text NOT NULL,
  external_id text NOT NULL,
  email text NOT NULL,
  name text NOT NULL,
  state text NOT NULL,
  admin boolean NOT NULL,
  -- NULL: no person (an orphan).
  person_id text,
  last_seen_at timestamptz NOT NULL,
  -- NULL: undecided (never reported as kept).
  decision text CHECK (decision IN ('keep', 'revoke', 'link')),
  link_person_id text,
  comment text,
  decided_by text,
  decided_at timestamptz,
  -- The removal a revoke started: its workflow and task, the task's outcome and why.
  removal_workflow_id text,
  removal_task_id text,
  removal_outcome text,
  removal_reason text,
  removal_finished_at timestamptz,
  -- After a later successful sync: confirmed (gone or deactivated) or flagged (still present).
  confirmation text CHECK (confirmation IN ('confirmed', 'flagged')),
  confirmed_at timestamptz,
  UNIQUE (campaign_id, account_id)
);
CREATE INDEX review_items_by_campaign ON review_items (campaign_id, id);
