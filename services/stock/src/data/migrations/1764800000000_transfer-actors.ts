import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  // Who created a transfer and who moved it to each later status, and when: a user and the API
  // key of the call. The creator's user (user_id) and a revert's time (reverted_at) were kept from
  // the start and stay where they are; the rest is new. Nothing is backfilled: the key of every
  // earlier transfer and the time and actor of earlier completions, rejections and cancellations
  // were never recorded, and the API shows null for them. Nullable columns without a default:
  // adding them rewrites no row.
  pgm.sql(`
ALTER TABLE transfers
  ADD COLUMN created_by_key_id text,
  ADD COLUMN completed_at timestamptz,
  ADD COLUMN completed_by_user_id text,
  ADD COLUMN completed_by_key_id text,
  ADD COLUMN rejected_at timestamptz,
  ADD COLUMN rejected_by_user_id text,
  ADD COLUMN rejected_by_key_id text,
  ADD COLUMN cancelled_at timestamptz,
  ADD COLUMN cancelled_by_user_id text,
  ADD COLUMN cancelled_by_key_id text,
  ADD COLUMN reverted_by_user_id text,
  ADD COLUMN reverted_by_key_id text;
`);
}
