import { Client } from 'pg';

/** Creates the database named in `url` when it is missing; safe when several processes race to do it. */
export async function ensureDatabase(url: string, connectTimeoutMs = 5000): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) throw new Error('DATABASE_URL must name a database');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: connectTimeoutMs, query_timeout: 30_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((err: { code?: string }) => {
        // 42P04 duplicate_database, 23505: another process created it between our check and create.
        if (err.code !== '42P04' && err.code !== '23505') throw err;
      });
    }
  } finally {
    await client.end();
  }
}
