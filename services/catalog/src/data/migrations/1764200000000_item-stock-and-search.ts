import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
-- Per-item stock health inputs, one row per item: on_hand summed over every location, with the
-- item's track_stock and low_stock_threshold copied beside it, so that GET /items/count
-- ?stockHealth=out|low reads a range of an index instead of summing stock_levels per item
-- (2.5 s at 50,000 items and 550,000 levels; issue 9). Kept by triggers, in the transaction of
-- the write they follow, whichever writer it is (the stock.changed consumer, item writes,
-- repairs). track_stock is null while the catalog has no such item (a balance announced before
-- the transaction creating its item commits, or of one rolled back): such rows never count.
CREATE TABLE item_stock (
  item_id uuid PRIMARY KEY,
  workspace_id text NOT NULL,
  on_hand numeric NOT NULL DEFAULT 0,
  track_stock boolean,
  low_stock_threshold numeric
);
-- The health of an item with its own threshold does not depend on the workspace default: an
-- index on it (the expression exactly as item-query.ts writes it) finds out or low items.
CREATE INDEX item_stock_own_health ON item_stock (workspace_id, (CASE WHEN on_hand <= 0 THEN 'out' WHEN on_hand <= low_stock_threshold THEN 'low' ELSE 'ok' END))
  WHERE track_stock AND low_stock_threshold IS NOT NULL;
-- Items on the workspace default threshold: out and low are ranges of on_hand.
CREATE INDEX item_stock_default_health ON item_stock (workspace_id, on_hand) WHERE track_stock AND low_stock_threshold IS NULL;

-- Statement-level triggers with transition tables: a bulk write costs one statement here, not one per row.
CREATE FUNCTION item_stock_from_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO item_stock (item_id, workspace_id, track_stock, low_stock_threshold)
  SELECT id, workspace_id, track_stock, low_stock_threshold FROM changed_items
  ON CONFLICT (item_id) DO UPDATE SET track_stock = EXCLUDED.track_stock, low_stock_threshold = EXCLUDED.low_stock_threshold;
  RETURN NULL;
END $$;
CREATE FUNCTION item_stock_forget_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM item_stock WHERE item_id IN (SELECT id FROM removed_items);
  RETURN NULL;
END $$;
-- Levels change by deltas added to the item's row: concurrent changes of one item's levels at
-- different locations each add their own difference under the row lock, so none is lost.
CREATE FUNCTION item_stock_add_levels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO item_stock (item_id, workspace_id, on_hand)
  SELECT item_id, min(workspace_id), sum(on_hand) FROM new_levels GROUP BY item_id
  ON CONFLICT (item_id) DO UPDATE SET on_hand = item_stock.on_hand + EXCLUDED.on_hand;
  RETURN NULL;
END $$;
CREATE FUNCTION item_stock_change_levels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO item_stock (item_id, workspace_id, on_hand)
  SELECT n.item_id, min(n.workspace_id), sum(n.on_hand - o.on_hand) FROM new_levels n JOIN old_levels o USING (item_id, location_id) GROUP BY n.item_id
  ON CONFLICT (item_id) DO UPDATE SET on_hand = item_stock.on_hand + EXCLUDED.on_hand;
  RETURN NULL;
END $$;
CREATE FUNCTION item_stock_remove_levels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE item_stock s SET on_hand = s.on_hand - o.on_hand
    FROM (SELECT item_id, sum(on_hand) AS on_hand FROM old_levels GROUP BY item_id) o WHERE s.item_id = o.item_id;
  RETURN NULL;
END $$;
-- The functions resolve item_stock in this service's schema whatever the writer's search_path.
ALTER FUNCTION item_stock_from_items() SET search_path FROM CURRENT;
ALTER FUNCTION item_stock_forget_items() SET search_path FROM CURRENT;
ALTER FUNCTION item_stock_add_levels() SET search_path FROM CURRENT;
ALTER FUNCTION item_stock_change_levels() SET search_path FROM CURRENT;
ALTER FUNCTION item_stock_remove_levels() SET search_path FROM CURRENT;

CREATE TRIGGER items_insert_item_stock AFTER INSERT ON items REFERENCING NEW TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION item_stock_from_items();
CREATE TRIGGER items_update_item_stock AFTER UPDATE ON items REFERENCING NEW TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION item_stock_from_items();
CREATE TRIGGER items_delete_item_stock AFTER DELETE ON items REFERENCING OLD TABLE AS removed_items FOR EACH STATEMENT EXECUTE FUNCTION item_stock_forget_items();
CREATE TRIGGER stock_levels_insert_item_stock AFTER INSERT ON stock_levels REFERENCING NEW TABLE AS new_levels FOR EACH STATEMENT EXECUTE FUNCTION item_stock_add_levels();
CREATE TRIGGER stock_levels_update_item_stock AFTER UPDATE ON stock_levels REFERENCING OLD TABLE AS old_levels NEW TABLE AS new_levels FOR EACH STATEMENT EXECUTE FUNCTION item_stock_change_levels();
CREATE TRIGGER stock_levels_delete_item_stock AFTER DELETE ON stock_levels REFERENCING OLD TABLE AS old_levels FOR EACH STATEMENT EXECUTE FUNCTION item_stock_remove_levels();

-- Existing data: every item, and levels of items the catalog does not have (yet).
INSERT INTO item_stock (item_id, workspace_id, on_hand, track_stock, low_stock_threshold)
SELECT coalesce(i.id, l.item_id), coalesce(i.workspace_id, l.workspace_id), coalesce(l.on_hand, 0), i.track_stock, i.low_stock_threshold
  FROM items i FULL JOIN (SELECT item_id, min(workspace_id) AS workspace_id, sum(on_hand) AS on_hand FROM stock_levels GROUP BY item_id) l ON l.item_id = i.id;

-- GET /items?search= matches sku, description and externalId with ILIKE '%term%': trigram
-- indexes let that find the matches instead of reading every item of the workspace. pg_trgm
-- is a trusted extension; when it is already installed in another schema, its operator class is
-- taken from there.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
DO $$
DECLARE trgm_schema text := (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm');
BEGIN
  EXECUTE format('CREATE INDEX items_sku_trgm ON items USING gin (sku %I.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX items_description_trgm ON items USING gin (description %I.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX items_external_id_trgm ON items USING gin (external_id %I.gin_trgm_ops) WHERE external_id IS NOT NULL', trgm_schema);
END $$;
`);
}
