import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
CREATE TABLE suppliers (
  id uuid PRIMARY KEY,
  workspace_id text NOT NULL,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 128),
  email text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX suppliers_workspace_name ON suppliers (workspace_id, lower(name));

CREATE TABLE tags (
  id uuid PRIMARY KEY,
  workspace_id text NOT NULL,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 64),
  color text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tags_workspace_name ON tags (workspace_id, lower(name));

CREATE TABLE items (
  id uuid PRIMARY KEY,
  workspace_id text NOT NULL,
  sku text NOT NULL CHECK (char_length(sku) BETWEEN 1 AND 100),
  description text NOT NULL DEFAULT '',
  external_id text,
  supplier_id uuid REFERENCES suppliers (id),
  cost numeric NOT NULL DEFAULT 0 CHECK (cost >= 0),
  sell_price numeric NOT NULL DEFAULT 0 CHECK (sell_price >= 0),
  track_stock boolean NOT NULL DEFAULT true,
  low_stock_threshold numeric CHECK (low_stock_threshold BETWEEN 0 AND 1000000),
  user_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- SKUs are unique per workspace case-insensitively; external ids exactly as the other system spells them.
CREATE UNIQUE INDEX items_workspace_sku ON items (workspace_id, lower(sku));
CREATE UNIQUE INDEX items_workspace_external_id ON items (workspace_id, external_id) WHERE external_id IS NOT NULL;
CREATE INDEX items_workspace_created ON items (workspace_id, created_at DESC, id DESC);
CREATE INDEX items_supplier ON items (supplier_id) WHERE supplier_id IS NOT NULL;

CREATE TABLE item_tags (
  item_id uuid NOT NULL REFERENCES items (id) ON DELETE CASCADE,
  tag_id uuid NOT NULL REFERENCES tags (id),
  -- Assignment order: the first tag is what the deprecated tagId field shows.
  position integer NOT NULL,
  PRIMARY KEY (item_id, tag_id)
);
CREATE INDEX item_tags_tag ON item_tags (tag_id);

-- Projection of the stock service's balances (stock.changed), for stockHealth and locationId filters.
-- No foreign key to items: a balance can be announced before the catalog transaction that created its item commits.
CREATE TABLE stock_levels (
  item_id uuid NOT NULL,
  location_id uuid NOT NULL,
  workspace_id text NOT NULL,
  on_hand numeric NOT NULL,
  version bigint NOT NULL,
  PRIMARY KEY (item_id, location_id)
);
CREATE INDEX stock_levels_location ON stock_levels (location_id);
`);
}
