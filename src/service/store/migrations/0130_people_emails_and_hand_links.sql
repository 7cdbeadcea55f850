-- Issue 23, people and links. A person's emails (the primary and any aliases) each name one
-- person of the tenant: `person_emails` holds the emails of the people not archived, one row per
-- (person, email key), unique per tenant. Accounts link by these keys.
--
-- Existing data: two people who shared an email key before this migration are both kept, and so
-- are their rows here, marked `shared_before` (outside the unique index): the conflict stays
-- listed (/v1/people/conflicts) and their accounts stay unlinked until an operator edits or
-- archives one of them; the mark is cleared when only one holder is left. The service refuses
-- any new sharing, so the migration never fails on old duplicates and loses nothing.
ALTER TABLE people ADD COLUMN archived_at timestamptz;

CREATE TABLE person_emails (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  person_id text NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  email text NOT NULL,
  -- lower(trim(email)), the key accounts link by.
  email_key text NOT NULL CHECK (email_key <> ''),
  is_primary boolean NOT NULL,
  shared_before boolean NOT NULL DEFAULT false,
  PRIMARY KEY (person_id, email_key)
);
CREATE UNIQUE INDEX person_emails_one_person ON person_emails (tenant_id, email_key) WHERE NOT shared_before;
CREATE INDEX person_emails_by_key ON person_emails (tenant_id, email_key);

INSERT INTO person_emails (tenant_id, person_id, email, email_key, is_primary, shared_before)
SELECT tenant_id, id, email, email_key, true, count(*) OVER (PARTITION BY tenant_id, email_key) > 1
FROM people WHERE email_key <> '';

-- A link (or an unlink) made by hand: the email rule leaves the account alone, syncs included,
-- until the hand-made choice is cleared.
ALTER TABLE accounts ADD COLUMN link_by_hand boolean NOT NULL DEFAULT false;
