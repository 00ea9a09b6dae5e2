import { OUTBOX_WORKSPACE_KEY_SQL } from '@inv/shared/messaging';
import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
-- Ready to shard by workspace (docs/sharding.md): workspace_id leads every primary key and is part
-- of every unique constraint and of every foreign key between the workspace's tables, so a
-- workspace's rows can live together on one node and each key is checked there.

-- Tag assignments carry their item's workspace, taken from it here (while items.id is still
-- indexed on its own).
ALTER TABLE item_tags ADD COLUMN workspace_id text;
UPDATE item_tags t SET workspace_id = i.workspace_id FROM items i WHERE i.id = t.item_id;
ALTER TABLE item_tags ALTER COLUMN workspace_id SET NOT NULL;

-- The foreign keys go first: they depend on the keys they reference.
ALTER TABLE item_tags DROP CONSTRAINT item_tags_item_id_fkey, DROP CONSTRAINT item_tags_tag_id_fkey;
ALTER TABLE items DROP CONSTRAINT items_supplier_id_fkey;

ALTER TABLE suppliers DROP CONSTRAINT suppliers_pkey, ADD PRIMARY KEY (workspace_id, id);
ALTER TABLE tags DROP CONSTRAINT tags_pkey, ADD PRIMARY KEY (workspace_id, id);
ALTER TABLE items
  DROP CONSTRAINT items_pkey,
  ADD PRIMARY KEY (workspace_id, id),
  ADD FOREIGN KEY (workspace_id, supplier_id) REFERENCES suppliers (workspace_id, id);
DROP INDEX items_supplier;
CREATE INDEX items_supplier ON items (workspace_id, supplier_id) WHERE supplier_id IS NOT NULL;

ALTER TABLE item_tags
  DROP CONSTRAINT item_tags_pkey,
  ADD PRIMARY KEY (workspace_id, item_id, tag_id),
  ADD FOREIGN KEY (workspace_id, item_id) REFERENCES items (workspace_id, id) ON DELETE CASCADE,
  ADD FOREIGN KEY (workspace_id, tag_id) REFERENCES tags (workspace_id, id);
DROP INDEX item_tags_tag;
CREATE INDEX item_tags_tag ON item_tags (workspace_id, tag_id);

ALTER TABLE stock_levels DROP CONSTRAINT stock_levels_pkey, ADD PRIMARY KEY (workspace_id, item_id, location_id);
ALTER TABLE item_stock DROP CONSTRAINT item_stock_pkey, ADD PRIMARY KEY (workspace_id, item_id);

-- item_stock's triggers (1764200000000) find its rows by the new key: an item's row is its
-- workspace's, and levels are summed per workspace and item.
CREATE OR REPLACE FUNCTION item_stock_from_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO item_stock (workspace_id, item_id, track_stock, low_stock_threshold)
  SELECT workspace_id, id, track_stock, low_stock_threshold FROM changed_items
  ON CONFLICT (workspace_id, item_id) DO UPDATE SET track_stock = EXCLUDED.track_stock, low_stock_threshold = EXCLUDED.low_stock_threshold;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION item_stock_forget_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM item_stock s USING removed_items r WHERE s.workspace_id = r.workspace_id AND s.item_id = r.id;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION item_stock_add_levels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO item_stock (workspace_id, item_id, on_hand)
  SELECT workspace_id, item_id, sum(on_hand) FROM new_levels GROUP BY workspace_id, item_id
  ON CONFLICT (workspace_id, item_id) DO UPDATE SET on_hand = item_stock.on_hand + EXCLUDED.on_hand;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION item_stock_change_levels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO item_stock (workspace_id, item_id, on_hand)
  SELECT n.workspace_id, n.item_id, sum(n.on_hand - o.on_hand) FROM new_levels n JOIN old_levels o USING (workspace_id, item_id, location_id) GROUP BY n.workspace_id, n.item_id
  ON CONFLICT (workspace_id, item_id) DO UPDATE SET on_hand = item_stock.on_hand + EXCLUDED.on_hand;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION item_stock_remove_levels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE item_stock s SET on_hand = s.on_hand - o.on_hand
    FROM (SELECT workspace_id, item_id, sum(on_hand) AS on_hand FROM old_levels GROUP BY workspace_id, item_id) o
   WHERE s.workspace_id = o.workspace_id AND s.item_id = o.item_id;
  RETURN NULL;
END $$;
-- Replacing a function resets its settings: they resolve item_stock in this schema again.
ALTER FUNCTION item_stock_from_items() SET search_path FROM CURRENT;
ALTER FUNCTION item_stock_forget_items() SET search_path FROM CURRENT;
ALTER FUNCTION item_stock_add_levels() SET search_path FROM CURRENT;
ALTER FUNCTION item_stock_change_levels() SET search_path FROM CURRENT;
ALTER FUNCTION item_stock_remove_levels() SET search_path FROM CURRENT;
`);
  pgm.sql(OUTBOX_WORKSPACE_KEY_SQL);
}
