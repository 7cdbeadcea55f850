-- Workers claim sync runs straight from this table (issue 26.2): one statement takes the oldest
-- queued runs, and any running one whose heartbeat stopped for the stale period, in queue order
-- (`claimRuns`). The index holds only open runs that a claim may take, so an idle worker's poll
-- reads a few entries, not the table's history.
CREATE INDEX sync_runs_claimable ON sync_runs (queued_at, id) WHERE status IN ('queued', 'running');
-- No job per run any more, so nothing to send again: a run that a worker left is taken over by the
-- next claim, and a queued run is found by the next poll. `rescued_at` (0080) marked such resends.
ALTER TABLE sync_runs DROP COLUMN rescued_at;
