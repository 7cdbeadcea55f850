-- A first sync inserts accounts and their events by the hundred thousand (issue 26.1), and each
-- row paid a foreign key check, a lookup and a row lock in the referenced table: EXPLAIN ANALYZE
-- of the apply of 100,000 new accounts gave 0.3 s (PostgreSQL) and 0.5 s (PGlite) of triggers for
-- accounts -> integrations and as much again for account_events -> accounts, about a third of the
-- statement. Nothing deletes an integration or an account (they are kept, marked deleted or
-- removed), and the service writes an event only with or for an account it has, and an account
-- only for an integration whose run or action it holds. The checks go; the cascades stay, as
-- statement triggers that run on a delete (an operator's, or a tenant's cascade to its integrations).
ALTER TABLE account_events DROP CONSTRAINT account_events_account_id_fkey;
ALTER TABLE accounts DROP CONSTRAINT accounts_integration_id_fkey;

CREATE FUNCTION accounts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM account_events e USING gone g WHERE e.account_id = g.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER accounts_delete_events AFTER DELETE ON accounts REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION accounts_deleted();

CREATE FUNCTION integrations_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM accounts a USING gone g WHERE a.integration_id = g.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER integrations_delete_accounts AFTER DELETE ON integrations REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION integrations_deleted();

-- An account a sync adds is linked to no one yet: the person index no longer takes an entry for
-- each of them (a lookup by person, `person_id = $1`, implies the index's condition).
DROP INDEX accounts_by_person;
CREATE INDEX accounts_by_person ON accounts (person_id) WHERE person_id IS NOT NULL;
