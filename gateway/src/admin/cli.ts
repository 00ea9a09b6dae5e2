import { parseArgs } from 'node:util';
import { AppError, Broker, CommandClient, createLogger, createPool, describeIssues, ensureDatabase, loadConfig, migrate, z } from '@inv/shared';
import { GatewayConfig } from '../config';
import { IDENTITY_MIGRATIONS, IDENTITY_SCHEMA } from '../main';
import { addMember, type AdminDeps, changePlan, createKey, createWorkspace, revokeKey } from './admin-commands';

const USAGE = `Usage: npm run admin -- <command> [options]
  workspace:create --name N [--slug S] [--plan P] --owner-email E
  member:add --workspace W --email E --role owner|member|viewer|billing [--location-access LOC:read,LOC:write]
  key:create --workspace W --email E [--scopes a,b] [--rate-limit N]
  key:revoke --id ID
  plan:set --workspace W --plan P
W is a workspace ID or slug. Output is JSON on stdout; logs go to stderr.`;

const COMMANDS: Record<string, (deps: AdminDeps, o: Record<string, string | undefined>) => Promise<unknown>> = {
  'workspace:create': (d, o) => createWorkspace(d, { name: o.name!, slug: o.slug, plan: o.plan as never, ownerEmail: o['owner-email']! }),
  'member:add': (d, o) => addMember(d, { workspace: o.workspace!, email: o.email!, role: o.role as never, locationAccess: o['location-access'] }),
  'key:create': (d, o) =>
    createKey(d, {
      workspace: o.workspace!,
      email: o.email!,
      scopes: o.scopes?.split(',').map((s) => s.trim()).filter(Boolean) as never,
      rateLimit: o['rate-limit'] as never,
    }),
  'key:revoke': (d, o) => revokeKey(d, o.id ?? ''),
  'plan:set': (d, o) => changePlan(d, { workspace: o.workspace ?? '', plan: o.plan ?? '' }),
};

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const run = command ? COMMANDS[command] : undefined;
  if (!run) {
    process.stderr.write(`${command ? `Unknown command "${command}".\n` : ''}${USAGE}\n`);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: Object.fromEntries(
      ['name', 'slug', 'plan', 'owner-email', 'workspace', 'email', 'role', 'location-access', 'scopes', 'rate-limit', 'id'].map((n) => [n, { type: 'string' as const }]),
    ),
    strict: true,
  });
  // Logs go to stderr so stdout carries nothing but the JSON answer.
  const config = loadConfig(GatewayConfig);
  const logger = createLogger('admin', process.env.LOG_LEVEL ?? 'warn', true);
  await ensureDatabase(config.DATABASE_URL);
  await migrate({ databaseUrl: config.DATABASE_URL, schema: IDENTITY_SCHEMA, dir: IDENTITY_MIGRATIONS, logger });
  const pool = createPool(config.DATABASE_URL, logger, { options: `-c search_path=${IDENTITY_SCHEMA}` });
  const broker = new Broker(config.AMQP_URL, config.EVENTS_EXCHANGE, logger);
  const client = new CommandClient(broker, config.RPC_TIMEOUT_MS);
  try {
    await broker.waitForConnect(5000);
    await client.start();
    const result = await run({ pool, client }, values as Record<string, string | undefined>);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } finally {
    await client.stop().catch(() => undefined);
    await broker.close().catch(() => undefined);
    await pool.end();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    const message =
      err instanceof z.ZodError
        ? `Invalid arguments: ${describeIssues(err)}`
        : err instanceof AppError
          ? `${err.code}: ${err.message}`
          : (err as Error).message;
    process.stderr.write(`admin: ${message}\n`);
    process.exit(1);
  },
);
