import fs from 'node:fs';
import path from 'node:path';
import { createPool, DISTRIBUTION_COLUMN, NON_DISTRIBUTED_TABLES, type NonDistributedTable, type Pool, type PoolClient } from '@inv/shared/db';
import { createLogger } from '@inv/shared/observability';

/**
 * The schemas the stack migrated (every process's, found by node-pg-migrate's table), held to
 * docs/sharding.md: each table is distributed by workspace_id, with the column in its primary
 * key, every unique constraint and unique index, and both sides of every foreign key to another
 * distributed table; or it is declared in NON_DISTRIBUTED_TABLES (shared/src/db/sharding.ts).
 */
const PROCESS_SCHEMAS = ['identity', 'catalog', 'locations', 'stock', 'notifications'];
const DOC = path.resolve(__dirname, '../../docs/sharding.md');
const DECLARED_IN = 'NON_DISTRIBUTED_TABLES (shared/src/db/sharding.ts)';
const W = DISTRIBUTION_COLUMN;

type Db = Pool | PoolClient;
type Declarations = Readonly<Record<string, NonDistributedTable>>;
type Kind = 'distributed' | NonDistributedTable['kind'];

interface Constraint {
  table: string;
  name: string;
  type: 'p' | 'u' | 'f' | 'x';
  columns: string[];
  ref_table: string | null;
  ref_columns: string[];
}

interface Catalog {
  tables: Map<string, { columns: string[] }>;
  constraints: Constraint[];
  /** Unique indexes of their own (not those behind a primary key, unique or exclusion constraint). */
  uniqueIndexes: Array<{ table: string; name: string; columns: string[] }>;
}

async function readCatalog(db: Db, schemas: string[]): Promise<Catalog> {
  const [tables, constraints, uniqueIndexes] = await Promise.all([
    db.query<{ name: string; columns: string[] }>(
      `SELECT n.nspname || '.' || c.relname AS name,
              ARRAY(SELECT a.attname::text FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum) AS columns
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        ORDER BY 1`,
      [schemas],
    ),
    db.query<Constraint>(
      `SELECT n.nspname || '.' || c.relname AS table, k.conname AS name, k.contype AS type,
              ARRAY(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY AS x(attnum, i)
                      JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = x.attnum ORDER BY x.i) AS columns,
              rn.nspname || '.' || r.relname AS ref_table,
              ARRAY(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY AS x(attnum, i)
                      JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = x.attnum ORDER BY x.i) AS ref_columns
         FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         LEFT JOIN pg_class r ON r.oid = k.confrelid LEFT JOIN pg_namespace rn ON rn.oid = r.relnamespace
        WHERE n.nspname = ANY($1) AND k.contype IN ('p', 'u', 'f', 'x')
        ORDER BY 1, 2`,
      [schemas],
    ),
    db.query<{ table: string; name: string; columns: string[] }>(
      `SELECT n.nspname || '.' || t.relname AS table, ic.relname AS name,
              ARRAY(SELECT coalesce(a.attname::text, '(expression)') FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, i)
                      LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
                     WHERE k.i <= x.indnkeyatts ORDER BY k.i) AS columns
         FROM pg_index x JOIN pg_class ic ON ic.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE n.nspname = ANY($1) AND x.indisunique
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid AND k.conrelid = x.indrelid AND k.contype IN ('p', 'u', 'x'))
        ORDER BY 1, 2`,
      [schemas],
    ),
  ]);
  return { tables: new Map(tables.rows.map((t) => [t.name, { columns: t.columns }])), constraints: constraints.rows, uniqueIndexes: uniqueIndexes.rows };
}

const CONSTRAINT_KIND = { p: 'primary key', u: 'unique constraint', x: 'exclusion constraint', f: 'foreign key' } as const;
const list = (columns: string[]) => `(${columns.join(', ')})`;

/** Every way the tables of `schemas` break the rules, one line each naming the table and the constraint; [] when none. */
async function shardingViolations(db: Db, schemas: string[], declared: Declarations): Promise<string[]> {
  const { tables, constraints, uniqueIndexes } = await readCatalog(db, schemas);
  const kind = (table: string): Kind => declared[table]?.kind ?? 'distributed';
  const violations: string[] = [];

  for (const name of Object.keys(declared)) {
    if (!tables.has(name)) violations.push(`${DECLARED_IN} declares ${name}, which does not exist`);
  }
  for (const [table, { columns }] of tables) {
    if (kind(table) !== 'distributed') continue;
    if (!columns.includes(W)) violations.push(`${table} has no ${W} column: distribute it by ${W}, or declare it in ${DECLARED_IN}`);
    if (!constraints.some((c) => c.table === table && c.type === 'p')) violations.push(`${table} has no primary key`);
  }
  for (const c of constraints) {
    const from = kind(c.table);
    if (c.type !== 'f') {
      if (from === 'distributed' && !c.columns.includes(W)) violations.push(`${c.table}: ${CONSTRAINT_KIND[c.type]} ${c.name} ${list(c.columns)} lacks ${W}`);
      continue;
    }
    const to = kind(c.ref_table!);
    const fk = `${c.table}: foreign key ${c.name} ${list(c.columns)} → ${c.ref_table} ${list(c.ref_columns)}`;
    if (from === 'distributed' && to === 'distributed') {
      const at = c.columns.indexOf(W);
      if (at < 0 || c.ref_columns[at] !== W) violations.push(`${fk} does not match ${W} with ${W}`);
    } else if (to === 'distributed' || (from === 'distributed' && to === 'local')) {
      violations.push(`${fk}: a ${from} table cannot reference a ${to} one`);
    }
  }
  for (const index of uniqueIndexes) {
    if (kind(index.table) === 'distributed' && !index.columns.includes(W)) violations.push(`${index.table}: unique index ${index.name} ${list(index.columns)} lacks ${W}`);
  }
  return violations;
}

/** docs/sharding.md's row for each table: `| name | key |` when distributed, `| name | kind | key | why |` otherwise. */
async function expectedDocRows(db: Db, schemas: string[], declared: Declarations): Promise<string[]> {
  const { tables, constraints } = await readCatalog(db, schemas);
  return [...tables.keys()]
    .map((table) => {
      const pk = constraints.find((c) => c.table === table && c.type === 'p');
      const key = pk ? `\`${list(pk.columns)}\`` : 'none';
      const d = declared[table];
      return d ? `| \`${table}\` | ${d.kind} | ${key} | ${d.why} |` : `| \`${table}\` | ${key} |`;
    })
    .sort();
}

let pool: Pool;
let schemas: string[];
beforeAll(async () => {
  pool = createPool(process.env.TEST_DATABASE_URL!, createLogger('sharding-keys-test', 'silent'), { max: 2 });
  const { rows } = await pool.query<{ schema: string }>(
    "SELECT n.nspname AS schema FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relname = 'pgmigrations' AND c.relkind = 'r' ORDER BY 1",
  );
  schemas = rows.map((r) => r.schema);
});
afterAll(() => pool.end());

describe('tables ready to shard by workspace', () => {
  it('when the stack has migrated, then every schema it owns was found', () => {
    expect(schemas).toEqual(expect.arrayContaining(PROCESS_SCHEMAS));
  });

  it('when every schema is migrated, then each table has workspace_id in its primary key, unique constraints and indexes and foreign keys, or is declared reference or local', async () => {
    expect(await shardingViolations(pool, schemas, NON_DISTRIBUTED_TABLES)).toEqual([]);
  });

  it('when tables break the rules, then the check names each table and constraint, and a declaration of a missing table', async () => {
    const probe = 'sharding_probe';
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`
        CREATE SCHEMA ${probe};
        SET LOCAL search_path = ${probe};
        CREATE TABLE parents (workspace_id text NOT NULL, id uuid NOT NULL, code text, PRIMARY KEY (workspace_id, id), UNIQUE (code));
        CREATE UNIQUE INDEX parents_lower_code ON parents (lower(code));
        CREATE TABLE children (id uuid PRIMARY KEY, workspace_id text NOT NULL, parent_id uuid, other_workspace text,
                               FOREIGN KEY (other_workspace, parent_id) REFERENCES parents (workspace_id, id));
        CREATE TABLE unkeyed (workspace_id text NOT NULL);
        CREATE TABLE settings (id int PRIMARY KEY);
        CREATE TABLE directory (id int PRIMARY KEY);
        CREATE TABLE log (id int PRIMARY KEY, workspace_id text, parent_id uuid, FOREIGN KEY (workspace_id, parent_id) REFERENCES parents (workspace_id, id));
        CREATE TABLE fine (workspace_id text NOT NULL, id uuid NOT NULL, parent_id uuid, directory_id int REFERENCES directory (id),
                           PRIMARY KEY (workspace_id, id), UNIQUE (workspace_id, parent_id), FOREIGN KEY (workspace_id, parent_id) REFERENCES parents (workspace_id, id));
        CREATE TABLE logged (workspace_id text NOT NULL, id int NOT NULL REFERENCES log (id), PRIMARY KEY (workspace_id, id));`);
      const declared: Declarations = {
        [`${probe}.directory`]: { kind: 'reference', why: 'probe' },
        [`${probe}.log`]: { kind: 'local', why: 'probe' },
        [`${probe}.gone`]: { kind: 'local', why: 'probe' },
      };
      expect((await shardingViolations(client, [probe], declared)).sort()).toEqual(
        [
          `${DECLARED_IN} declares ${probe}.gone, which does not exist`,
          `${probe}.unkeyed has no primary key`,
          `${probe}.settings has no workspace_id column: distribute it by workspace_id, or declare it in ${DECLARED_IN}`,
          `${probe}.children: foreign key children_other_workspace_parent_id_fkey (other_workspace, parent_id) → ${probe}.parents (workspace_id, id) does not match workspace_id with workspace_id`,
          `${probe}.children: primary key children_pkey (id) lacks workspace_id`,
          `${probe}.log: foreign key log_workspace_id_parent_id_fkey (workspace_id, parent_id) → ${probe}.parents (workspace_id, id): a local table cannot reference a distributed one`,
          `${probe}.logged: foreign key logged_id_fkey (id) → ${probe}.log (id): a distributed table cannot reference a local one`,
          `${probe}.parents: unique constraint parents_code_key (code) lacks workspace_id`,
          `${probe}.settings: primary key settings_pkey (id) lacks workspace_id`,
          `${probe}.parents: unique index parents_lower_code ((expression)) lacks workspace_id`,
        ].sort(),
      );
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('when docs/sharding.md lists the tables, then it lists each table of every schema with its key, and each reference or local table with its kind and why', async () => {
    const documented = fs
      .readFileSync(DOC, 'utf8')
      .split('\n')
      .filter((line) => /^\| `[a-z_]+\.[a-z_]+` \|/.test(line))
      .sort();
    expect(documented).toEqual(await expectedDocRows(pool, schemas, NON_DISTRIBUTED_TABLES));
  });
});
