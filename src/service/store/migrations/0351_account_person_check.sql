-- The last foreign key on a first sync's path (issue 26): `accounts.person_id` -> people. A sync
-- inserts accounts linked to no one, yet PostgreSQL queues the key's check for every inserted row
-- (EXPLAIN ANALYZE of the apply of 100,000 new accounts: 0.05-0.15 s of that trigger on
-- PostgreSQL, 0.2-0.33 s on PGlite), and the linking that follows checks and locks the person of
-- each account it links. The service links an account only to a person it has just read in the
-- same tenant (the email rule's join of person_emails, or a hand link after `loadPerson`), and it
-- never deletes a person (people are archived). The check goes; the key's ON DELETE SET NULL stays,
-- as a statement trigger that runs on a delete (an operator's, or a tenant's cascade to its people).
ALTER TABLE accounts DROP CONSTRAINT accounts_person_id_fkey;

CREATE FUNCTION people_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accounts a SET person_id = NULL FROM gone g WHERE a.person_id = g.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER people_delete_account_links AFTER DELETE ON people REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION people_deleted();
