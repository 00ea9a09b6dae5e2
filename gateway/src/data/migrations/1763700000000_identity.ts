import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
CREATE TABLE workspaces (
  id uuid PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  logo text,
  plan text NOT NULL DEFAULT 'free',
  default_location_id text,
  default_currency char(3) NOT NULL DEFAULT 'USD',
  invoice_number_prefix text NOT NULL DEFAULT 'INV-' CHECK (char_length(invoice_number_prefix) BETWEEN 1 AND 12),
  default_tax_percent numeric NOT NULL DEFAULT 0 CHECK (default_tax_percent BETWEEN 0 AND 100),
  default_tax_included boolean NOT NULL DEFAULT false,
  default_invoice_due_days integer NOT NULL DEFAULT 0 CHECK (default_invoice_due_days BETWEEN 0 AND 365),
  invoicing_business_name text,
  invoicing_brand_color text,
  invoicing_email text,
  invoicing_address text,
  default_invoice_source_location_id text,
  default_transfer_from_location_id text,
  default_location_type text NOT NULL DEFAULT 'warehouse' CHECK (default_location_type IN ('warehouse', 'van', 'truck', 'site', 'other')),
  default_markup_percent numeric CHECK (default_markup_percent BETWEEN 0 AND 1000),
  default_low_stock_threshold numeric NOT NULL DEFAULT 5 CHECK (default_low_stock_threshold BETWEEN 0 AND 1000000),
  fiscal_year_start_month integer NOT NULL DEFAULT 1 CHECK (fiscal_year_start_month BETWEEN 1 AND 12),
  billing_provider_id text,
  billing_anchor timestamptz NOT NULL DEFAULT now(),
  trial_ends_at timestamptz,
  invite_code text,
  sso_email_domain text,
  sso_enforced_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email ON users (lower(email));

CREATE TABLE memberships (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'member', 'viewer', 'billing')),
  location_access_restricted boolean NOT NULL DEFAULT false,
  location_access jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, user_id)
);
CREATE INDEX memberships_user ON memberships (user_id);

-- Keys are stored only as SHA-256 hashes: they are 192-bit random tokens, so a slow
-- password hash would add latency to every request without adding safety.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY,
  key_hash text NOT NULL UNIQUE,
  display_prefix text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  workspace_id uuid REFERENCES workspaces (id) ON DELETE CASCADE,
  restricted boolean NOT NULL,
  scopes text[],
  rate_limit integer CHECK (rate_limit BETWEEN 1 AND 100000),
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  CHECK (restricted = (workspace_id IS NOT NULL AND scopes IS NOT NULL))
);
`);
}
