-- Tenants (customers) and their plan: none (no integrations), standard, business (custom actions).
CREATE TABLE tenants (
  id text PRIMARY KEY,
  name text NOT NULL,
  plan text NOT NULL CHECK (plan IN ('none', 'standard', 'business')),
  created_at timestamptz NOT NULL DEFAULT now()
);
