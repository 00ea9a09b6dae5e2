import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { newWorkspace } from '../support/fixtures';
import { freePort, spawnProcess, stopProcess, waitUntil } from '../support/stack';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

function stackEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const services = JSON.parse(process.env.TEST_SERVICE_URLS!) as Record<string, string>;
  return {
    ...process.env,
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    AMQP_URL: process.env.TEST_AMQP_URL,
    AMQP_QUEUE_TYPE: process.env.TEST_AMQP_QUEUE_TYPE,
    REDIS_URL: process.env.TEST_REDIS_URL,
    REDIS_PREFIX: process.env.TEST_REDIS_PREFIX,
    INTERNAL_SECRET: process.env.TEST_INTERNAL_SECRET,
    CATALOG_URL: services.catalog,
    LOCATIONS_URL: services.locations,
    STOCK_URL: services.stock,
    NOTIFICATIONS_URL: services.notifications,
    ...extra,
  };
}

const admin = (args: string[]) => run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'gateway/src/admin/cli.ts'), ...args], { cwd: ROOT, env: stackEnv() });

describe('admin CLI', () => {
  it('when workspace:create runs, then stdout is only JSON with the workspace, its owner and a key shown once', async () => {
    const { stdout } = await admin(['workspace:create', '--name', 'CLI Depot', '--plan', 'pro', '--owner-email', `cli-${Date.now()}@example.test`]);
    const result = JSON.parse(stdout);
    expect(result.apiKey).toMatch(/^sk_/);
    expect(result.workspace).toMatchObject({ name: 'CLI Depot', plan: 'pro', locationsUsage: 1, defaultLocationId: expect.any(String) });
    expect(result.user.role).toBe('owner');
  });

  it('when arguments are invalid, then it exits non-zero with a message on stderr and nothing on stdout', async () => {
    const failure = await admin(['workspace:create', '--name', 'X', '--plan', 'platinum', '--owner-email', 'x@example.test']).catch((e) => e);
    expect(failure.code).toBe(1);
    expect(failure.stdout).toBe('');
    expect(failure.stderr).toMatch(/plan/);
  });

  it('when the users limit of the plan is reached, then member:add fails with exceeded_limit', async () => {
    const ws = await newWorkspace({ plan: 'free' });
    await admin(['member:add', '--workspace', ws.slug, '--email', `m1-${Date.now()}@example.test`, '--role', 'member']);
    const failure = await admin(['member:add', '--workspace', ws.slug, '--email', `m2-${Date.now()}@example.test`, '--role', 'viewer']).catch((e) => e);
    expect(failure.code).toBe(1);
    expect(failure.stderr).toMatch(/exceeded_limit/);
  });
});

describe('gateway behind a TLS-terminating proxy (TRUST_PROXY)', () => {
  it('when a request was not forwarded as https, then it is refused; when it was, it is served', async () => {
    const ws = await newWorkspace();
    const port = await freePort();
    const logFile = path.join(process.env.TEST_WORK_DIR!, `gateway-proxy-${port}.log`);
    const child = spawnProcess('gateway', stackEnv({ PORT: String(port), TRUST_PROXY: 'true' }), logFile);
    try {
      const url = `http://127.0.0.1:${port}/workspaces/${ws.id}`;
      await waitUntil('the plain-HTTP gateway', async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.status === 200, 30_000);
      const plain = await fetch(url, { headers: { authorization: `Bearer ${ws.ownerKey}` } });
      expect(plain.status).toBe(400);
      expect(((await plain.json()) as any).error.code).toBe('bad_request');
      const forwarded = await fetch(url, { headers: { authorization: `Bearer ${ws.ownerKey}`, 'x-forwarded-proto': 'https' } });
      expect(forwarded.status).toBe(200);
      expect(((await forwarded.json()) as any).id).toBe(ws.id);
    } finally {
      await stopProcess(child);
    }
  });
});

describe('INTERNAL_SECRET in production', () => {
  it('when a process starts with NODE_ENV=production and no INTERNAL_SECRET, then it refuses to start, naming the variable', async () => {
    const env = { ...stackEnv({ NODE_ENV: 'production', CATALOG_PORT: String(await freePort()), METRICS_ENABLED: 'false' }) };
    delete env.INTERNAL_SECRET;
    const failure = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'services/catalog/src/main.ts')], { cwd: ROOT, env, timeout: 30_000 }).catch((e) => e);
    expect(failure.code).toBe(1);
    expect(`${failure.stdout}${failure.stderr}`).toMatch(/INTERNAL_SECRET must be set/);
  });
});
