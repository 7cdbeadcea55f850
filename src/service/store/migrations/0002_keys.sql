-- Key-encryption key versions: the fingerprint (a keyed hash) tells which KEK a version is, so a
-- service started with the wrong key is refused. Each tenant has one data key, wrapped by the KEK
-- of the version it names; a rotation re-wraps them all and adds a version in one transaction.
CREATE TABLE kek_versions (
  version integer PRIMARY KEY,
  fingerprint text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tenant_data_keys (
  tenant_id text PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  kek_version integer NOT NULL REFERENCES kek_versions (version),
  nonce text NOT NULL,
  wrapped_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  rewrapped_at timestamptz
);
