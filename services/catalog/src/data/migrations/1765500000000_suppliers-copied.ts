import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Issue 41: the stock service copies suppliers (a purchase order names one) from supplier.created,
 * now an owner event. Suppliers created before were announced by events the stock service never
 * took: each is announced again, as the owner event it would be today (its workspace's next owner
 * positions), so the copies learn every supplier an order may name. `where` narrows the suppliers
 * (a test announces one workspace's).
 */
export function announceSuppliersSql(where = 'true'): string {
  return `
WITH s AS (
  SELECT workspace_id, id, name, email, phone,
         row_number() OVER (PARTITION BY workspace_id ORDER BY created_at, id) AS n
    FROM suppliers WHERE ${where}
), counts AS (
  SELECT workspace_id, count(*) AS c FROM s GROUP BY workspace_id
), taken AS (
  INSERT INTO owner_positions AS p (workspace_id, position) SELECT workspace_id, c FROM counts
  ON CONFLICT (workspace_id) DO UPDATE SET position = p.position + EXCLUDED.position
  RETURNING workspace_id, position
)
INSERT INTO outbox (id, type, workspace_id, message)
SELECT e.id, 'supplier.created', s.workspace_id,
       jsonb_build_object('id', e.id, 'type', 'supplier.created', 'workspaceId', s.workspace_id,
                          'occurredAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'requestId', NULL, 'actor', NULL,
                          'payload', jsonb_build_object('id', s.id, 'name', s.name, 'email', s.email, 'phone', s.phone, 'position', t.position - c.c + s.n))
  FROM s JOIN counts c USING (workspace_id) JOIN taken t USING (workspace_id)
 CROSS JOIN LATERAL (SELECT gen_random_uuid() AS id, s.n) e
 ORDER BY s.workspace_id, s.n`;
}

export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(announceSuppliersSql());
}
