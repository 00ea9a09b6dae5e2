/**
 * The admin CLI (`npm run -s admin -- <command>`, entry point cli.ts; npm's -s keeps its own lines off stdout): the operator's tool, standing
 * in for a dashboard. Results are JSON on stdout; logs and errors go to stderr. Exit status:
 * 0 done, 1 failed, 2 usage error.
 */
import { parseArgs } from 'node:util';
import { AppError, PLANS, z } from '@inv/shared/core';
import { loadConfig } from '@inv/shared/config';
import { createPool, ensureDatabase, migrate, type Pool, poolSettings } from '@inv/shared/db';
import { Broker, CommandClient, queuePolicy } from '@inv/shared/messaging';
import { createLogger, type Logger } from '@inv/shared/observability';
import type { Redis } from 'ioredis';
import { connectRedis } from '../data/redis-connection';
import { GatewayConfig } from '../config';
import { IdentityEpoch } from '../data/identity-epoch';
import { IDENTITY_MIGRATIONS, IDENTITY_SCHEMA } from '../main';
import { addMember, type AdminDeps, changePlan, createKey, createWorkspace, revokeKey } from './admin-commands';
import { keyList, memberList, workspaceList } from './admin-listings';
import { DEAD_LETTER_QUEUES, type DeadLetterDeps, listDeadLetters, replayDeadLetters } from './dead-letters';

type Values = Record<string, string | boolean | undefined>;

interface Option {
  /** Placeholder of the value in the help; absent for a flag that takes none. */
  value?: string;
  required?: boolean;
  description: string;
}

interface Command {
  summary: string;
  /** Said after the option list in the command's help. */
  details?: string;
  options: Record<string, Option>;
  run: (values: Values, connections: Connections) => Promise<unknown>;
}

const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v : undefined);
const WORKSPACE: Option = { value: 'W', required: true, description: 'workspace ID or slug' };
const QUEUE: Option = { value: 'Q', description: `one dead-letter queue, any <queue>.dlq (default: every service's: ${DEAD_LETTER_QUEUES.join(', ')})` };

const COMMANDS: Record<string, Command> = {
  'workspace:create': {
    summary: 'create a workspace with its owner, a full-access key and the default location',
    details: 'Prints {"workspace", "user", "apiKey"}; the key is shown this once. All or nothing.',
    options: {
      name: { value: 'N', required: true, description: 'workspace name (1–100 characters)' },
      slug: { value: 'S', description: 'URL slug (default: derived from the name)' },
      plan: { value: 'P', description: `plan: ${PLANS.join(', ')} (default: free, whose 3 locations include the default one; pro holds the README's quickstart and the demo)` },
      'owner-email': { value: 'E', required: true, description: "the owner's e-mail" },
    },
    run: async (o, c) => createWorkspace(await c.admin(), { name: str(o.name)!, slug: str(o.slug), plan: str(o.plan) as never, ownerEmail: str(o['owner-email'])! }),
  },
  'workspace:list': {
    summary: 'list workspaces, oldest first',
    details: 'Prints {"total", "workspaces": [{"id", "name", "slug", "plan", "members", "defaultLocationId", "createdAt"}]}.',
    options: {
      search: { value: 'TEXT', description: 'only workspaces whose name or slug contains TEXT (ignoring case)' },
      limit: { value: 'N', description: 'at most N workspaces (1–1000, default 100)' },
      offset: { value: 'N', description: 'skip the first N (default 0)' },
    },
    run: async (o, c) => workspaceList(await c.identity(), { search: str(o.search), limit: str(o.limit), offset: str(o.offset) }),
  },
  'member:add': {
    summary: "add a member to a workspace, or change a member's role",
    details: "The plan's users limit applies. --location-access restricts the member to those locations.",
    options: {
      workspace: WORKSPACE,
      email: { value: 'E', required: true, description: "the member's e-mail" },
      role: { value: 'owner|member|viewer|billing', required: true, description: 'role in the workspace' },
      'location-access': { value: 'LOC:read,LOC:write', description: 'restricted location access: location UUIDs with their level' },
    },
    run: async (o, c) => addMember(await c.admin(), { workspace: str(o.workspace)!, email: str(o.email)!, role: str(o.role) as never, locationAccess: str(o['location-access']) }),
  },
  'member:list': {
    summary: 'list the members of a workspace',
    details: 'Prints {"workspace", "members": [{"userId", "email", "role", "locationAccess", "joinedAt"}]}.',
    options: { workspace: WORKSPACE },
    run: async (o, c) => memberList(await c.identity(), { workspace: str(o.workspace)! }),
  },
  'key:create': {
    summary: 'create an API key for a member',
    details: 'Full-access (sk_) without --scopes; restricted (rk_, bound to the workspace) with them. The key is shown this once.',
    options: {
      workspace: WORKSPACE,
      email: { value: 'E', required: true, description: 'the member who owns the key' },
      scopes: { value: 'a,b', description: 'scopes of a restricted key, comma-separated' },
      'rate-limit': { value: 'N', description: 'calls per minute of a restricted key' },
    },
    run: async (o, c) =>
      createKey(await c.admin(), {
        workspace: str(o.workspace)!,
        email: str(o.email)!,
        scopes: str(o.scopes)?.split(',').map((s) => s.trim()).filter(Boolean) as never,
        rateLimit: str(o['rate-limit']) as never,
      }),
  },
  'key:list': {
    summary: "list the keys that can act on a workspace (never the keys themselves)",
    details:
      'Its restricted keys and its members\' full-access keys, revoked ones included. Prints {"workspace", "keys": [{"id", "prefix", "email", "restricted", "scopes", "rateLimit", "createdAt", "lastUsedAt", "revoked", "revokedAt"}]}; lastUsedAt is accurate to the minute.',
    options: { workspace: WORKSPACE, email: { value: 'E', description: "only this member's keys" } },
    run: async (o, c) => keyList(await c.identity(), { workspace: str(o.workspace)!, email: str(o.email) }),
  },
  'key:revoke': {
    summary: 'revoke an API key; effective on its next request',
    details: 'key:list --workspace W shows the ids.',
    options: { id: { value: 'ID', required: true, description: 'the key id (not the key)' } },
    run: async (o, c) => revokeKey(await c.admin(), str(o.id) ?? ''),
  },
  'plan:set': {
    summary: "change a workspace's plan",
    options: { workspace: WORKSPACE, plan: { value: 'P', required: true, description: 'the new plan' } },
    run: async (o, c) => changePlan(await c.admin(), { workspace: str(o.workspace) ?? '', plan: str(o.plan) ?? '' }),
  },
  'dlq:list': {
    summary: 'show the dead-lettered messages, leaving them where they are',
    details:
      'Prints {"queues": [{"queue", "exists", "messageCount", "messages": [{"messageId", "type", "workspaceId", "requestId", "origin", "reason", "deadLetteredAt", "attempts", "replays", "body"}]}]}, oldest first.',
    options: { queue: QUEUE, limit: { value: 'N', description: 'at most N messages per queue (1–1000, default 20)' } },
    run: async (o, c) => listDeadLetters(c.deadLetters(), { queue: str(o.queue), limit: str(o.limit) }),
  },
  'dlq:replay': {
    summary: 'send dead-lettered messages back to the queue they came from',
    details:
      'Each is republished (attempts reset, replays counted) and confirmed before it leaves the dead-letter queue, so nothing is lost if the replay stops midway. Only messages present when the replay starts are replayed. Prints {"replayed": [{"messageId", "type", "from", "to"}], "count"}.',
    options: {
      id: { value: 'MESSAGE_ID', description: 'replay this one message (its messageId in dlq:list)' },
      all: { description: 'replay every message instead' },
      queue: QUEUE,
      limit: { value: 'N', description: 'at most N messages per queue with --all (1–10000, default 1000)' },
    },
    run: async (o, c) => replayDeadLetters(c.deadLetters(), { id: str(o.id), all: o.all === true ? true : undefined, queue: str(o.queue), limit: str(o.limit) }),
  },
};

/** What commands connect to, opened on first use: a listing needs no broker, a dead-letter command no database. */
class Connections {
  private pool: Pool | undefined;
  private broker: Broker | undefined;
  private client: CommandClient | undefined;
  private redis: Redis | undefined;

  constructor(
    private readonly config: GatewayConfig,
    private readonly logger: Logger,
  ) {}

  async identity(): Promise<Pool> {
    if (!this.pool) {
      await ensureDatabase(this.config.DATABASE_URL, this.config.DB_CONNECT_TIMEOUT_MS);
      await migrate({ databaseUrl: this.config.DATABASE_URL, schema: IDENTITY_SCHEMA, dir: IDENTITY_MIGRATIONS, logger: this.logger, connectTimeoutMs: this.config.DB_CONNECT_TIMEOUT_MS });
      this.pool = createPool(this.config.DATABASE_URL, this.logger, { ...poolSettings(this.config), max: 2, application_name: 'admin', options: `-c search_path=${IDENTITY_SCHEMA}` });
    }
    return this.pool;
  }

  /**
   * The identity database, request/reply to the services (usage counters, the default location)
   * and Redis, where a change tells the gateways to drop the identities they cached.
   */
  async admin(): Promise<AdminDeps> {
    const pool = await this.identity();
    if (!this.client) {
      this.broker = new Broker(this.config.AMQP_URL, this.config.EVENTS_EXCHANGE, this.logger, queuePolicy(this.config));
      await this.broker.waitForConnect(this.config.RPC_TIMEOUT_MS);
      this.client = new CommandClient(this.broker, this.config.RPC_TIMEOUT_MS);
      await this.client.start();
    }
    // One attempt, bounded like the gateway's calls: when Redis is away, IdentityEpoch waits out the cache instead.
    this.redis ??= connectRedis(this.config, {
      maxRetriesPerRequest: 0,
      connectTimeout: this.config.REDIS_TIMEOUT_MS,
      commandTimeout: this.config.REDIS_TIMEOUT_MS,
      retryStrategy: () => null,
    }).on('error', (err) => this.logger.debug({ err: err.message }, 'Redis connection error'));
    // Behind Sentinels a replica may be promoted: a change is announced only once one holds it.
    const epoch = new IdentityEpoch(this.redis, this.config.REDIS_PREFIX, this.config.IDENTITY_CACHE_TTL_MS, this.logger, this.config.REDIS_SENTINELS.length > 0 ? 1 : 0);
    return { pool, client: this.client, identityChanged: () => epoch.changed() };
  }

  deadLetters(): DeadLetterDeps {
    return { amqpUrls: this.config.AMQP_URL, timeoutMs: this.config.RPC_TIMEOUT_MS };
  }

  async close(): Promise<void> {
    await this.client?.stop().catch(() => undefined);
    await this.broker?.close().catch(() => undefined);
    await this.pool?.end().catch(() => undefined);
    this.redis?.disconnect();
  }
}

function usageLine(name: string, command: Command): string {
  const options = Object.entries(command.options).map(([option, spec]) => {
    const text = spec.value ? `--${option} ${spec.value}` : `--${option}`;
    return spec.required ? text : `[${text}]`;
  });
  return `npm run -s admin -- ${[name, ...options].join(' ')}`;
}

function toolHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  return [
    'Usage: npm run -s admin -- <command> [options]',
    '       npm run -s admin -- <command> --help',
    '',
    'Commands:',
    ...Object.entries(COMMANDS).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`),
    '',
    'W is a workspace ID or slug. Results are JSON on stdout; logs and errors go to stderr.',
    "npm's -s keeps npm's own lines off stdout, so stdout is the JSON alone (e.g. for a pipe to a JSON parser).",
    'Exit status: 0 done, 1 failed (a one-line message on stderr), 2 usage error.',
    'Configuration: DATABASE_URL, AMQP_URL, REDIS_URL (and REDIS_PREFIX, IDENTITY_CACHE_TTL_MS), as for the gateway (docs/configuration.md).',
  ].join('\n');
}

function commandHelp(name: string, command: Command): string {
  const options = Object.entries({ ...command.options, help: { description: 'show this help' } as Option }).map(([option, spec]) => [
    spec.value ? `--${option} ${spec.value}` : `--${option}`,
    `${spec.description}${spec.required ? ' (required)' : ''}`,
  ]);
  const width = Math.max(...options.map(([flag]) => flag!.length));
  return [
    `Usage: ${usageLine(name, command)}`,
    '',
    `${command.summary[0]!.toUpperCase()}${command.summary.slice(1)}.`,
    ...(command.details ? [command.details] : []),
    '',
    'Options:',
    ...options.map(([flag, description]) => `  ${flag!.padEnd(width)}  ${description}`),
  ].join('\n');
}

class UsageError extends Error {}

/** Commands take camelCase fields; the messages name the option as typed ("--owner-email must be an email address"). */
function describeArgumentIssues(error: z.ZodError): string {
  const sentences = error.issues.map((issue) => {
    const [field, ...rest] = issue.path.map(String);
    const option = field === undefined ? 'The command' : `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    return `${[option, ...rest].join('.')} ${issue.message}`;
  });
  return `${sentences.join('; ')}.`;
}

/** Where a run reads its configuration and writes its answer and its errors. */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Runs one command line; resolves to the exit status, having written the answer or the error. */
export async function runAdminCli(argv: string[], io: CliIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`admin: ${err.message}\n`);
      return 2;
    }
    const message =
      err instanceof z.ZodError ? `Invalid arguments: ${describeArgumentIssues(err)}` : err instanceof AppError ? `${err.code}: ${err.message}` : (err as Error).message;
    io.stderr(`admin: ${message}\n`);
    return 1;
  }
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) throw new UsageError(toolHelp());
  if (name === '--help' || name === '-h' || name === 'help') {
    io.stdout(`${toolHelp()}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`Unknown command "${name}".\n\n${toolHelp()}`);
  let values: Values;
  try {
    values = parseArgs({
      args: rest,
      options: {
        ...Object.fromEntries(Object.entries(command.options).map(([option, spec]) => [option, { type: spec.value ? ('string' as const) : ('boolean' as const) }])),
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n\n${commandHelp(name, command)}`);
  }
  if (values.help) {
    io.stdout(`${commandHelp(name, command)}\n`);
    return 0;
  }
  const missing = Object.entries(command.options).filter(([option, spec]) => spec.required && values[option] === undefined);
  if (missing.length > 0) throw new UsageError(`Missing ${missing.map(([option]) => `--${option}`).join(', ')}.\n\n${commandHelp(name, command)}`);
  const config = loadConfig(GatewayConfig, io.env);
  // Logs go to stderr so stdout carries nothing but the JSON answer.
  const logger = createLogger('admin', io.env.LOG_LEVEL ?? 'warn', true);
  const connections = new Connections(config, logger);
  try {
    const result = await command.run(values, connections);
    io.stdout(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } finally {
    await connections.close();
  }
}
