import { OUTBOX_WORKSPACE_KEY_SQL } from '@inv/shared/messaging';
import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
-- Ready to shard by workspace (docs/sharding.md): workspace_id leads every primary key and is part
-- of every unique constraint and of every foreign key between the workspace's tables, so a
-- workspace's rows can live together on one node and each key is checked there.

-- Transfer lines carry their transfer's workspace, taken from it here (while transfers.id is
-- still indexed on its own).
ALTER TABLE transfer_lines ADD COLUMN workspace_id text;
UPDATE transfer_lines l SET workspace_id = t.workspace_id FROM transfers t WHERE t.id = l.transfer_id;
ALTER TABLE transfer_lines ALTER COLUMN workspace_id SET NOT NULL;

-- The foreign keys go first: they depend on the keys they reference.
ALTER TABLE transfer_lines DROP CONSTRAINT transfer_lines_transfer_id_fkey;
ALTER TABLE movements DROP CONSTRAINT movements_transfer_id_fkey, DROP CONSTRAINT movements_operation_id_fkey;

ALTER TABLE items DROP CONSTRAINT items_pkey, ADD PRIMARY KEY (workspace_id, id);
ALTER TABLE locations DROP CONSTRAINT locations_pkey, ADD PRIMARY KEY (workspace_id, id);
ALTER TABLE transfers DROP CONSTRAINT transfers_pkey, ADD PRIMARY KEY (workspace_id, id);
ALTER TABLE openings DROP CONSTRAINT openings_pkey, ADD PRIMARY KEY (workspace_id, operation_id);

ALTER TABLE transfer_lines
  DROP CONSTRAINT transfer_lines_pkey,
  DROP CONSTRAINT transfer_lines_transfer_id_position_key,
  DROP CONSTRAINT transfer_lines_transfer_id_item_id_key,
  ADD PRIMARY KEY (workspace_id, id),
  ADD UNIQUE (workspace_id, transfer_id, position),
  ADD UNIQUE (workspace_id, transfer_id, item_id),
  ADD FOREIGN KEY (workspace_id, transfer_id) REFERENCES transfers (workspace_id, id);

-- seq keeps no unique constraint (dropped by 1764500000000): every reader of the ledger by seq
-- is a workspace's and uses movements_workspace_seq (workspace_id, seq).
ALTER TABLE movements
  DROP CONSTRAINT movements_pkey,
  ADD PRIMARY KEY (workspace_id, id),
  ADD FOREIGN KEY (workspace_id, transfer_id) REFERENCES transfers (workspace_id, id),
  ADD FOREIGN KEY (workspace_id, operation_id) REFERENCES openings (workspace_id, operation_id);
-- The indexes behind those foreign keys, as every reader of them asks: within the workspace.
DROP INDEX movements_transfer;
CREATE INDEX movements_transfer ON movements (workspace_id, transfer_id) WHERE transfer_id IS NOT NULL;
DROP INDEX movements_operation;
CREATE INDEX movements_operation ON movements (workspace_id, operation_id) WHERE operation_id IS NOT NULL;

`);
  pgm.sql(OUTBOX_WORKSPACE_KEY_SQL);
}
