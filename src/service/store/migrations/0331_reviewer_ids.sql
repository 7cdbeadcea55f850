-- Campaigns created before reviewers were identified by id (0330's release) named them by name only,
-- so nobody but an admin could decide in them. Each such entry gets the id of the one live
-- reviewer-role operator or token of its tenant with that name (without case or surrounding
-- spaces); a name that matches none or several stays without an id: an admin decides there, or
-- creates a new campaign naming the reviewer by id. Entries that have an id are left as they are.
WITH candidates AS (
  SELECT tenant_id, 'operator:' || id AS reviewer_id, lower(trim(username)) AS name_key FROM operators WHERE role = 'reviewer' AND disabled_at IS NULL
  UNION ALL
  SELECT tenant_id, 'token:' || id, lower(trim(name)) FROM api_tokens WHERE role = 'reviewer' AND revoked_at IS NULL
), unique_names AS (
  SELECT tenant_id, name_key, min(reviewer_id) AS reviewer_id FROM candidates GROUP BY tenant_id, name_key HAVING count(*) = 1
)
UPDATE review_campaigns c
SET reviewers = (
  SELECT jsonb_agg(
    CASE WHEN entry ? 'reviewerId' THEN entry
         ELSE COALESCE((SELECT entry || jsonb_build_object('reviewerId', u.reviewer_id) FROM unique_names u
                        WHERE u.tenant_id = c.tenant_id AND u.name_key = lower(trim(entry ->> 'reviewer'))), entry)
    END ORDER BY position)
  FROM jsonb_array_elements(c.reviewers) WITH ORDINALITY AS listed (entry, position)
)
WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(c.reviewers) AS listed (entry) WHERE NOT entry ? 'reviewerId');
