import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  // Every read of the ledger by seq is a workspace's (movements_workspace_seq); seq comes from its
  // sequence, unique by construction. The constraint only cost each movement one more index entry.
  pgm.sql('ALTER TABLE movements DROP CONSTRAINT movements_seq_key;');
}
