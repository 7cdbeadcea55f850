-- The reviewer role (issue 28): an operator or API token that reads like a viewer and decides the
-- items of the access review campaigns that name it as a reviewer, nothing else.
ALTER TABLE operators DROP CONSTRAINT operators_role_check;
ALTER TABLE operators ADD CONSTRAINT operators_role_check CHECK (role IN ('admin', 'reviewer', 'viewer'));
ALTER TABLE api_tokens DROP CONSTRAINT api_tokens_role_check;
ALTER TABLE api_tokens ADD CONSTRAINT api_tokens_role_check CHECK (role IN ('admin', 'reviewer', 'viewer'));
