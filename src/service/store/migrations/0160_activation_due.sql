-- An account waiting for a scheduled activation shows `invited` with the due time: the Accounts
-- list, the Access Grid and the Application Audit look up the scheduled Activate User task of
-- each account they show, by this index.
CREATE INDEX workflow_tasks_activation_due ON workflow_tasks (integration_id, account_external_id, run_at)
  WHERE action = 'activateUser' AND status = 'scheduled';
