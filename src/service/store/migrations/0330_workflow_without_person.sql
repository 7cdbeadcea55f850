-- A workflow may act for no person (issue 28): an access review's revoke of an orphan account (no
-- linked person) removes it through the workflow engine like any other account. Only such a
-- removal (kind offboarding, its one task naming the account) has no person; every other workflow
-- still acts for one.
ALTER TABLE workflows ALTER COLUMN person_id DROP NOT NULL;
ALTER TABLE workflows ADD CONSTRAINT workflows_person_or_removal CHECK (person_id IS NOT NULL OR kind = 'offboarding');
