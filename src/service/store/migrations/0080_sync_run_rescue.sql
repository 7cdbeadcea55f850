-- Recovery of stale runs reads only our own tables: when the tick last sent a run a job because
-- its worker stopped beating (or its queued job was never taken), so that it sends one again only
-- after another stale period. NULL: no rescue since the run was queued or last claimed.
ALTER TABLE sync_runs ADD COLUMN rescued_at timestamptz;
