/**
 * `npm run image:smoke`: proves the Docker image's recipe where no Docker engine runs (CI).
 *
 * 1. Copies the build context (the repository's files less .dockerignore) into a clean directory.
 * 2. Runs the image's build script there: install from the lock, compile, prune to production
 *    dependencies, lay out the runtime tree (scripts/image/build.sh, as the Dockerfile does).
 * 3. Starts the five compiled processes from that tree exactly as the image's command does
 *    (scripts/image/entrypoint.sh with SERVICE), services first, as an unprivileged user when run
 *    as root, with nothing in the environment but PATH and the configuration.
 * 4. Waits until each one's HEALTHCHECK command passes, creates a workspace with the compiled admin
 *    CLI, makes authenticated calls through the gateway, then stops every process with SIGTERM and
 *    expects a clean exit.
 *
 * Isolated like the tests: its own database, RabbitMQ vhost, Redis prefix and free ports, all
 * dropped afterwards. IMAGE_NODE names the node binary to build and run with (default: the one
 * running this script); CI passes the image's Node version. IMAGE_SMOKE_KEEP=1 keeps the directory.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { provideInfrastructure } from '../../test/support/infrastructure';
import { freePort, stopProcess, waitUntil } from '../../test/support/stack';

const ROOT = path.resolve(__dirname, '../..');
const SERVICES = ['locations', 'catalog', 'stock', 'notifications'] as const;
type ProcessName = (typeof SERVICES)[number] | 'gateway';
const START_TIMEOUT_MS = 90_000;
const CALL_TIMEOUT_MS = 10_000;

const node = process.env.IMAGE_NODE ? path.resolve(process.env.IMAGE_NODE) : process.execPath;
const searchPath = [path.dirname(node), ...(process.env.PATH ?? '').split(path.delimiter)].join(path.delimiter);

function step(message: string): void {
  process.stdout.write(`image-smoke: ${message}\n`);
}

/** .dockerignore patterns as Docker reads them: anchored at the context root, `*` within a segment, `**` across. */
function dockerIgnored(patterns: string[]): (file: string) => boolean {
  const rules = patterns
    .map((p) => p.trim())
    .filter((p) => p && !p.startsWith('#'))
    .map((p) => {
      const negated = p.startsWith('!');
      const glob = path.posix.normalize((negated ? p.slice(1) : p).replace(/^\/+/, ''));
      const source = glob
        .split('**')
        .map((part) => part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]'))
        .join('.*');
      return { negated, regex: new RegExp(`^${source}(/.*)?$`) };
    });
  return (file) => rules.reduce((ignored, rule) => (rule.regex.test(file) ? !rule.negated : ignored), false);
}

function copyBuildContext(target: string): number {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
  const ignored = dockerIgnored(fs.readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n'));
  const files = listed.split('\0').filter((f) => f && !ignored(f) && fs.existsSync(path.join(ROOT, f)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(target, file));
  }
  return files.length;
}

function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { ...options, timeout: 600_000, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** The image runs as an unprivileged user; as root we do the same with setpriv. */
function unprivileged(): { wrap: (cmd: string[]) => string[]; uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' }).trim());
  return { uid, gid, wrap: (cmd) => ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--', ...cmd] };
}

function get(url: string, ca: string, key?: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = https.get(url, { ca, timeout: CALL_TIMEOUT_MS, headers: key ? { authorization: `Bearer ${key}` } : {} }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
    });
    req.once('timeout', () => req.destroy(new Error(`${url}: no answer within ${CALL_TIMEOUT_MS} ms`)));
    req.once('error', reject);
  });
}

function expect(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

async function main(): Promise<void> {
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  const nodeVersion = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'inv-image-'));
  const context = path.join(work, 'context');
  const runtime = path.join(context, 'image');
  const dataDir = path.join(work, 'data');
  const logs = path.join(work, 'logs');
  fs.mkdirSync(logs);
  const children = new Map<ProcessName, ChildProcess>();
  const infrastructure = await provideInfrastructure();
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const database = `inv_image_${runId}`;
  const vhost = `inv_image_${runId}`;
  const redisPrefix = `image:${runId}:`;
  let failed = true;
  try {
    step(`node ${nodeVersion}; work directory ${work}`);
    step(`build context: ${copyBuildContext(context)} files`);

    const build = await run('sh', ['scripts/image/build.sh'], { cwd: context, env: { ...process.env, PATH: searchPath } });
    fs.writeFileSync(path.join(logs, 'build.log'), build.stdout + build.stderr);
    if (build.code !== 0) throw new Error(`scripts/image/build.sh failed (exit ${build.code}):\n${(build.stdout + build.stderr).slice(-4000)}`);
    step(`built in ${seconds()} s`);

    const devDependencies = Object.keys(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).devDependencies ?? {});
    // Only what the lock marks dev-only must be gone: a dev dependency that production code needs
    // too (yaml, under zod-to-openapi) stays, rightly. @types/* hold no code; npm keeps @types/pg
    // (and @types/node under it) as node-pg-migrate's optional peer.
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
    const devOnly = devDependencies.filter((name) => lock.packages[`node_modules/${name}`]?.dev === true);
    const leftovers = devOnly.filter((name) => !name.startsWith('@types/') && fs.existsSync(path.join(runtime, 'node_modules', name)));
    expect(leftovers.length === 0, `dev dependencies in the runtime tree: ${leftovers.join(', ')}`);
    const sources = execFileSync('find', [runtime, '-path', `${runtime}/node_modules`, '-prune', '-o', '-name', '*.ts', '-print'], { encoding: 'utf8' }).trim();
    expect(sources === '', `TypeScript sources in the runtime tree:\n${sources}`);
    const size = execFileSync('du', ['-sm', runtime], { encoding: 'utf8' }).split('\t')[0];
    step(`runtime tree: ${size} MB, no dev dependency, no TypeScript source`);

    await infrastructure.rabbitmqctl(['add_vhost', vhost]);
    await infrastructure.rabbitmqctl(['set_permissions', '-p', vhost, new URL(infrastructure.amqpUrl).username || 'guest', '.*', '.*', '.*']);
    const amqpUrl = Object.assign(new URL(infrastructure.amqpUrl), { pathname: `/${encodeURIComponent(vhost)}` }).toString();
    const databaseUrl = Object.assign(new URL(infrastructure.databaseUrl), { pathname: `/${database}` }).toString();
    const ports = { gateway: await freePort(), catalog: await freePort(), locations: await freePort(), stock: await freePort(), notifications: await freePort() };
    const user = unprivileged();
    fs.mkdirSync(dataDir);
    if (user) {
      // The runtime tree stays root's and read-only to the processes, as in the image; only DATA_DIR is theirs.
      fs.chmodSync(work, 0o755);
      fs.chownSync(dataDir, user.uid, user.gid);
    }
    const env: NodeJS.ProcessEnv = {
      PATH: searchPath,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      AMQP_URL: amqpUrl,
      REDIS_URL: infrastructure.redisUrl,
      REDIS_PREFIX: redisPrefix,
      INTERNAL_SECRET: randomBytes(24).toString('hex'),
      PORT: String(ports.gateway),
      CATALOG_PORT: String(ports.catalog),
      LOCATIONS_PORT: String(ports.locations),
      STOCK_PORT: String(ports.stock),
      NOTIFICATIONS_PORT: String(ports.notifications),
      // Production refuses the published development key, as it refuses the development INTERNAL_SECRET.
      WEBHOOK_SECRETS_KEY: randomBytes(24).toString('hex'),
      DATA_DIR: dataDir,
    };

    const start = (name: ProcessName) => {
      const out = fs.openSync(path.join(logs, `${name}.log`), 'a');
      const command = ['sh', 'scripts/image/entrypoint.sh'];
      const [file, ...args] = user ? user.wrap(command) : command;
      children.set(name, spawn(file!, args, { cwd: runtime, env: { ...env, SERVICE: name }, stdio: ['ignore', out, out] }));
      fs.closeSync(out);
    };
    const healthy = async (name: ProcessName) => {
      const child = children.get(name)!;
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited during start (${child.exitCode ?? child.signalCode})`);
      const [file, ...args] = user ? user.wrap([node, 'scripts/image/healthcheck.js']) : [node, 'scripts/image/healthcheck.js'];
      return (await run(file!, args, { cwd: runtime, env: { ...env, SERVICE: name } })).code === 0;
    };
    const startedAt = Date.now();
    for (const name of SERVICES) start(name);
    await waitUntil('the services to pass their healthcheck', async () => (await Promise.all(SERVICES.map(healthy))).every(Boolean), START_TIMEOUT_MS, 500);
    // The gateway starts once the services are healthy, as compose's depends_on orders it.
    start('gateway');
    await waitUntil('the gateway to pass its healthcheck', () => healthy('gateway'), START_TIMEOUT_MS, 500);
    step(`all five processes healthy ${((Date.now() - startedAt) / 1000).toFixed(1)} s after start`);

    const created = await run(node, ['gateway/src/admin/cli.js', 'workspace:create', '--name', 'Image smoke', '--owner-email', 'owner@image-smoke.test'], { cwd: runtime, env });
    expect(created.code === 0, `admin workspace:create failed (exit ${created.code}): ${created.stderr}`);
    const { workspace, apiKey } = JSON.parse(created.stdout) as { workspace: { id: string; defaultLocationId: string }; apiKey: string };
    const ca = fs.readFileSync(path.join(dataDir, 'tls/cert.pem'), 'utf8');
    const gateway = `https://localhost:${ports.gateway}`;
    const own = await get(`${gateway}/workspaces/${workspace.id}`, ca, apiKey);
    expect(own.status === 200 && own.body?.id === workspace.id, `GET /workspaces/{id} answered ${own.status}: ${JSON.stringify(own.body)}`);
    const location = await get(`${gateway}/locations/${workspace.defaultLocationId}?workspaceId=${workspace.id}`, ca, apiKey);
    expect(location.status === 200 && location.body?.id === workspace.defaultLocationId, `GET /locations/{id} answered ${location.status}: ${JSON.stringify(location.body)}`);
    const webhooks = await get(`${gateway}/webhooks?workspaceId=${workspace.id}`, ca, apiKey);
    expect(webhooks.status === 200 && Array.isArray(webhooks.body) && webhooks.body.length === 0, `GET /webhooks answered ${webhooks.status}: ${JSON.stringify(webhooks.body)}`);
    const anonymous = await get(`${gateway}/workspaces/${workspace.id}`, ca);
    expect(anonymous.status === 401, `GET /workspaces/{id} without a key answered ${anonymous.status}`);
    step('admin CLI created a workspace; its key read the workspace, through the locations service its default location and through the notifications service its (no) webhooks; no key: 401');

    for (const name of ['gateway', ...SERVICES] as const) {
      const child = children.get(name)!;
      await stopProcess(child);
      expect(child.exitCode === 0, `${name} did not shut down cleanly on SIGTERM (${child.exitCode ?? child.signalCode})`);
    }
    step(`stopped cleanly on SIGTERM; image recipe proven in ${seconds()} s`);
    failed = false;
  } finally {
    await Promise.all([...children.values()].map((child) => stopProcess(child)));
    if (failed) {
      for (const file of fs.existsSync(logs) ? fs.readdirSync(logs) : []) {
        process.stderr.write(`\n--- ${file} (last lines)\n${fs.readFileSync(path.join(logs, file), 'utf8').slice(-3000)}\n`);
      }
    }
    const admin = new Client({ connectionString: infrastructure.databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
    await infrastructure.rabbitmqctl(['delete_vhost', vhost]).catch(() => undefined);
    const redis = new Redis(infrastructure.redisUrl);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await infrastructure.stop();
    if (process.env.IMAGE_SMOKE_KEEP) step(`kept ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: Error) => {
    process.stderr.write(`image-smoke: FAILED: ${err.message}\n`);
    process.exit(1);
  },
);
