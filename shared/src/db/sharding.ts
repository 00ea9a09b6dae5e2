/**
 * How the project's tables would be laid out on a sharded PostgreSQL (Citus): every table of
 * every schema is distributed by DISTRIBUTION_COLUMN, so each workspace's rows live together on
 * one node, unless it is declared in NON_DISTRIBUTED_TABLES. A distributed table has the column
 * in its primary key, in every unique constraint and unique index, and on both sides of every
 * foreign key to another distributed table. docs/sharding.md explains the rules and lists every
 * table; test/db/sharding-keys.test.ts holds the migrated schemas, and that page, to them.
 */
export const DISTRIBUTION_COLUMN = 'workspace_id';

/**
 * reference: a copy on every node (small, read everywhere, written rarely: each write goes to
 * every node). local: kept on the coordinator alone, never joined with a workspace's rows.
 */
export interface NonDistributedTable {
  kind: 'reference' | 'local';
  /** One line: why the table is not a workspace's rows. */
  why: string;
}

const MIGRATIONS: NonDistributedTable = {
  kind: 'local',
  why: "node-pg-migrate's record of the migrations applied to the schema: read and written by migrations alone.",
};
const PROCESSED_MESSAGES: NonDistributedTable = {
  kind: 'local',
  why: "The consumer's applied message ids, of every workspace: one write per delivery (a reference table would copy each to every node), read by message id alone, never joined with a workspace's rows.",
};

/** The tables that are not distributed by workspace, as `schema.table`. */
export const NON_DISTRIBUTED_TABLES: Readonly<Record<`${string}.${string}`, NonDistributedTable>> = {
  'identity.workspaces': {
    kind: 'reference',
    why: 'The tenant directory itself, one row per workspace: its slug is unique across workspaces, it is found by id or slug before any workspace row is read, and memberships and api_keys reference it.',
  },
  'identity.users': {
    kind: 'reference',
    why: 'A user belongs to any number of workspaces and its e-mail is unique across all of them; memberships and api_keys reference it.',
  },
  'identity.api_keys': {
    kind: 'reference',
    why: 'Found by key hash before the workspace is known, and a full-access key acts in every workspace of its user; written when made or revoked and at most once a minute per key (last_used_at).',
  },
  'identity.pgmigrations': MIGRATIONS,
  'catalog.pgmigrations': MIGRATIONS,
  'locations.pgmigrations': MIGRATIONS,
  'stock.pgmigrations': MIGRATIONS,
  'notifications.pgmigrations': MIGRATIONS,
  'catalog.processed_messages': PROCESSED_MESSAGES,
  'locations.processed_messages': PROCESSED_MESSAGES,
  'stock.processed_messages': PROCESSED_MESSAGES,
  'notifications.processed_messages': PROCESSED_MESSAGES,
};
