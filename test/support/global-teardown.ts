import fs from 'node:fs';
import { Client } from 'pg';
import { Redis } from 'ioredis';
import { stopProcess } from './stack';

export default async function globalTeardown(): Promise<void> {
  const run = globalThis.__TEST_RUN__;
  if (!run) return;
  await Promise.all(run.children.map((c) => stopProcess(c)));
  const admin = new Client({ connectionString: run.infrastructure.databaseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${run.database}" WITH (FORCE)`);
  await admin.end();
  await run.infrastructure.rabbitmqctl(['delete_vhost', run.vhost]).catch(() => undefined);
  const redis = new Redis(run.infrastructure.redisUrl);
  const keys = await redis.keys(`${process.env.TEST_REDIS_PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  if (!process.env.TEST_KEEP_LOGS) fs.rmSync(run.workDir, { recursive: true, force: true });
  await run.infrastructure.stop();
}
