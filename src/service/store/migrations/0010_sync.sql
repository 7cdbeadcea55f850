-- Account sync (issue 12). Business state lives here; the job engine (pg-boss, schema pgboss)
-- only runs things and refers to a sync run by its id.

-- Per integration: its sync settings (complete values, defaults filled by the service) and state.
CREATE TABLE sync_settings (
  integration_id text PRIMARY KEY REFERENCES integrations (id) ON DELETE CASCADE,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  interval_seconds integer NOT NULL CHECK (interval_seconds > 0),
  removal_threshold_percent integer NOT NULL CHECK (removal_threshold_percent BETWEEN 0 AND 100),
  removal_threshold_min integer NOT NULL CHECK (removal_threshold_min >= 0),
  max_consecutive_failures integer NOT NULL CHECK (max_consecutive_failures > 0),
  consecutive_failures integer NOT NULL DEFAULT 0,
  quarantined_at timestamptz,
  next_sync_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sync_settings_due ON sync_settings (next_sync_at) WHERE quarantined_at IS NULL;

CREATE TABLE sync_runs (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  integration_id text NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
  trigger text NOT NULL CHECK (trigger IN ('enabled', 'manual', 'scheduled')),
  requested_by text NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'running', 'awaiting_approval', 'succeeded', 'failed', 'rejected')),
  -- Raised by each worker that takes the run; a page written by an older attempt is refused (fencing).
  attempt integer NOT NULL DEFAULT 0,
  queued_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  heartbeat_at timestamptz,
  finished_at timestamptz,
  pages integer NOT NULL DEFAULT 0,
  seen integer NOT NULL DEFAULT 0,
  added integer NOT NULL DEFAULT 0,
  changed integer NOT NULL DEFAULT 0,
  removed integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  skipped_reasons jsonb NOT NULL DEFAULT '{}',
  -- Removals a complete run found; held back while it awaits approval.
  pending_removals integer NOT NULL DEFAULT 0,
  warnings jsonb NOT NULL DEFAULT '[]',
  error_code text,
  error_message text,
  decided_by text,
  decided_at timestamptz
);
-- At most one unfinished run per integration: a second request joins it (or is refused while a run awaits approval).
CREATE UNIQUE INDEX sync_runs_one_open ON sync_runs (integration_id) WHERE status IN ('queued', 'running', 'awaiting_approval');
CREATE INDEX sync_runs_by_integration ON sync_runs (integration_id, queued_at DESC);

-- Pages of the run in progress, staged as they arrive so that nothing reaches `accounts` before
-- the import is complete; emptied when the run ends.
CREATE TABLE sync_run_accounts (
  run_id text NOT NULL REFERENCES sync_runs (id) ON DELETE CASCADE,
  external_id text NOT NULL,
  email text NOT NULL,
  email_key text NOT NULL,
  name text NOT NULL,
  admin boolean NOT NULL,
  state text NOT NULL,
  fields jsonb NOT NULL,
  PRIMARY KEY (run_id, external_id)
);

-- The service's people (identities), created through the API or a CSV import.
CREATE TABLE people (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  email text NOT NULL,
  -- lower(trim(email)): the key accounts link by. Not unique: two people with one email are a conflict shown.
  email_key text NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX people_by_email ON people (tenant_id, email_key);
CREATE INDEX people_by_name ON people (tenant_id, name, id);

CREATE TABLE accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  integration_id text NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
  external_id text NOT NULL,
  email text NOT NULL,
  email_key text NOT NULL,
  name text NOT NULL,
  admin boolean NOT NULL,
  state text NOT NULL CHECK (state IN ('active', 'invited', 'deactivated', 'removed')),
  -- The mapped fields beyond id, email and name.
  fields jsonb NOT NULL DEFAULT '{}',
  person_id text REFERENCES people (id) ON DELETE SET NULL,
  link_status text NOT NULL DEFAULT 'unlinked' CHECK (link_status IN ('linked', 'unlinked', 'conflict')),
  first_seen_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  last_run_id text NOT NULL,
  removed_at timestamptz,
  UNIQUE (integration_id, external_id)
);
CREATE INDEX accounts_by_email ON accounts (tenant_id, email_key);
CREATE INDEX accounts_by_person ON accounts (person_id);

CREATE TABLE account_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  run_id text,
  kind text NOT NULL CHECK (kind IN ('added', 'changed', 'removed', 'relinked')),
  detail jsonb NOT NULL DEFAULT '{}',
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_events_by_account ON account_events (account_id, id);
