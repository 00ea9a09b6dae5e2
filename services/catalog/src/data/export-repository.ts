export interface ItemExportRow {
  sku: string;
  description: string;
  tags: string | null;
  supplier: string | null;
  low_stock_threshold: string | null;
  track_stock: boolean;
  external_id: string | null;
  cost: string;
  sell_price: string;
  tracking: string;
}

/** The query of the items export: every item of the workspace, oldest first, with its tags' names (in order, `;`-separated) and its supplier's name. */
export function itemsExport(workspaceId: string): { sql: string; params: unknown[] } {
  return {
    sql: `SELECT i.sku, i.description, i.low_stock_threshold::text, i.track_stock, i.external_id, i.cost::text, i.sell_price::text, i.tracking, s.name AS supplier,
                 (SELECT string_agg(t.name, ';' ORDER BY it.position) FROM item_tags it JOIN tags t ON t.workspace_id = it.workspace_id AND t.id = it.tag_id
                   WHERE it.workspace_id = i.workspace_id AND it.item_id = i.id) AS tags
            FROM items i LEFT JOIN suppliers s ON s.workspace_id = i.workspace_id AND s.id = i.supplier_id
           WHERE i.workspace_id = $1 ORDER BY i.created_at, i.id`,
    params: [workspaceId],
  };
}
