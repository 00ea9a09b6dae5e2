/**
 * Applies every process's migrations, each to the schema it owns, then exits: the entry point of
 * the Kubernetes migration Job (deploy/k8s/migrate-job.yaml; in the image `node scripts/migrate.js`,
 * from source `npx tsx scripts/migrate.ts`).
 *
 * It does what each process does at start (prepareDatabase: create the database when missing,
 * then migrate under the blocking advisory lock), so running it next to starting processes is
 * safe, and a process started after it finds nothing left to apply. Exit status 0 when every
 * schema is up to date, 1 otherwise. While PostgreSQL does not answer it waits, as the processes
 * do; the Job's deadline bounds that wait.
 */
import path from 'node:path';
import { BaseConfig, loadConfig } from '@inv/shared/config';
import { createLogger } from '@inv/shared/observability';
import { prepareDatabase } from '@inv/shared/runtime';

/** From the repository root, or from the image's /app: this file sits in scripts/ in both. */
const ROOT = path.resolve(__dirname, '..');

/**
 * Each schema and its migrations, as the processes name them: the gateway's IDENTITY_SCHEMA and
 * IDENTITY_MIGRATIONS (gateway/src/main.ts), each service's name and `src/data/migrations`
 * (services/<name>/src/main.ts). test/deploy/migrate-entry-point.test.ts holds this list to them.
 * Each schema is independent; the order is the one compose and the image smoke test start them in.
 */
export const SCHEMA_MIGRATIONS: ReadonlyArray<{ schema: string; dir: string }> = [
  { schema: 'locations', dir: path.join(ROOT, 'services/locations/src/data/migrations') },
  { schema: 'catalog', dir: path.join(ROOT, 'services/catalog/src/data/migrations') },
  { schema: 'stock', dir: path.join(ROOT, 'services/stock/src/data/migrations') },
  { schema: 'notifications', dir: path.join(ROOT, 'services/notifications/src/data/migrations') },
  { schema: 'identity', dir: path.join(ROOT, 'gateway/src/data/migrations') },
];

async function main(): Promise<void> {
  const config = loadConfig(BaseConfig);
  const logger = createLogger('migrate', config.LOG_LEVEL);
  for (const { schema, dir } of SCHEMA_MIGRATIONS) {
    await prepareDatabase(config, schema, dir, logger);
    logger.info({ schema }, 'migrations applied');
  }
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (err: Error) => {
      process.stderr.write(`migrate: ${err.message}\n`);
      process.exit(1);
    },
  );
}
