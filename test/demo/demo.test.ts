import { execFile } from 'node:child_process';
import path from 'node:path';
import { changePlan } from '../../gateway/src/admin/admin-commands';
import { DEMO_STEPS, JOB, PARTS, VANS, WAREHOUSE_NAME } from '../../scripts/demo/demo-steps';
import { startBanner } from '../../scripts/start-banner';
import { client, gatewayUrl } from '../support/api';
import { adminDeps, newWorkspace } from '../support/fixtures';

const ROOT = path.resolve(__dirname, '../..');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run -s demo` as a newcomer runs it, against this run's stack: the environment `npm start`
 * would have had (its port, its data directory with the certificate, its database, broker and Redis).
 */
function demo(args: string[] = [], env: Record<string, string> = {}): Promise<Run> {
  const stackEnv = {
    ...process.env,
    LOG_LEVEL: 'warn',
    PORT: new URL(gatewayUrl()).port,
    DATA_DIR: process.env.TEST_WORK_DIR!,
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    AMQP_URL: process.env.TEST_AMQP_URL,
    AMQP_QUEUE_TYPE: process.env.TEST_AMQP_QUEUE_TYPE,
    REDIS_URL: process.env.TEST_REDIS_URL,
    REDIS_PREFIX: process.env.TEST_REDIS_PREFIX,
    ...env,
  };
  return new Promise((resolve) => {
    execFile('npm', ['run', '-s', 'demo', '--', ...args], { cwd: ROOT, env: stackEnv, timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

/** KEY and WS from the line the demo prints for the shell. */
function exported(output: string): { key: string; ws: string } {
  const match = /^export KEY=(sk_\S+) WS=([0-9a-f-]{36})$/m.exec(output);
  expect([match ? 'printed' : output]).toEqual(['printed']);
  return { key: match![1]!, ws: match![2]! };
}

/** Runs shell lines with KEY and WS set, each required to succeed; answers their output. */
function shell(lines: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile('bash', ['-c', ['set -euo pipefail', ...lines].join('\n')], { cwd: ROOT, env: { ...process.env, ...env }, timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

describe('npm run demo', () => {
  it('when run against the running stack, then it makes a workspace fit for a real setup through the API, prints export KEY=… WS=… and three commands that work', async () => {
    const run = await demo();
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    const { key, ws } = exported(run.stdout);
    const api = client(key, ws);

    const workspace = (await api.get(`/workspaces/${ws}`)).body;
    expect(workspace).toMatchObject({ plan: 'pro' });
    const locations = (await api.get('/locations')).body as any[];
    const warehouse = locations.find((l) => l.id === workspace.defaultLocationId);
    expect(warehouse).toMatchObject({ name: WAREHOUSE_NAME, type: 'warehouse' });
    const vans = locations.filter((l) => l.type === 'van');
    expect(vans.map((v) => [v.name, v.replenishFrom])).toEqual(VANS.map((v) => [v.name, warehouse.id]));

    const items = (await api.get('/items')).body as any[];
    expect(items.map((i) => [i.sku, i.cost, i.sellPrice]).sort()).toEqual(PARTS.map((p) => [p.sku, p.cost, p.sellPrice]).sort());
    const balances = (await api.get('/inventory/balances', { query: { pageSize: 200 } })).body as any[];
    for (const [index, van] of vans.entries()) {
      const carried = balances.filter((b) => b.locationId === van.id).reduce((sum, b) => sum + b.onHand, 0);
      expect([van.name, carried]).toEqual([van.name, PARTS.reduce((sum, p) => sum + p.vans[index]!, 0)]);
    }
    const parLevels = (await api.get('/inventory/par-levels', { query: { pageSize: 200 } })).body as any[];
    expect(parLevels).toHaveLength(PARTS.length * VANS.length);
    expect(parLevels.some((p) => p.belowPar)).toBe(true);
    const [job] = (await api.get('/jobs')).body as any[];
    expect(job).toMatchObject({ name: JOB.name, status: 'open', sourceLocationId: vans[0]!.id });
    expect(job.lines.map((l: any) => [l.item.sku, l.planned, l.reserved])).toEqual(JOB.parts.map((p) => [p.sku, p.quantity, p.quantity]));
    expect(new Date(job.scheduledAt).getTime()).toBeGreaterThan(Date.now());

    // The three commands it suggests, run as printed (the test's shell has KEY and WS exported, as the user's would).
    const tried = run.stdout.split('\nThen try:\n')[1]!.split('\n\n')[0]!.split('\n').map((line) => line.trim()).filter((line) => line.startsWith('curl '));
    expect(tried).toHaveLength(3);
    const results = await shell(tried, { KEY: key, WS: ws });
    expect({ code: results.code, stderr: results.stderr, body: results.code === 0 ? '' : results.stdout }).toEqual({ code: 0, stderr: '', body: '' });
    expect(results.stdout).toContain(`${VANS[0].name},`);
    const refills = (await api.get('/inventory/transfers', { query: { status: 'pending' } })).body as any[];
    expect(refills.length).toBeGreaterThan(0);
    expect(refills.every((t) => t.origin === 'replenishment')).toBe(true);
  }, 180_000);

  it('when run a second time, then it says which demo workspace exists and makes another', async () => {
    const first = await demo();
    const second = await demo();
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(second.stdout).toMatch(/demo workspaces? exists? already: .*demo-field-ops/);
    expect(exported(second.stdout).ws).not.toBe(exported(first.stdout).ws);
  }, 180_000);

  it('when a step fails, then it says at which step, what exists and the command that finishes it; that command finishes it once the cause is fixed', async () => {
    // A workspace whose plan has no room for the vans: the free plan's 3 locations, all taken.
    const ws = await newWorkspace({ plan: 'free' });
    for (const name of ['Shed', 'Garage']) expect((await ws.owner.post('/locations', { name })).status).toBe(201);
    const stopped = await demo(['--resume', ws.id], { KEY: ws.ownerKey });
    expect(stopped.code).toBe(1);
    const vansStep = DEMO_STEPS.findIndex((s) => s.name.includes('vans')) + 1;
    expect(stopped.stderr).toContain(`The demo stopped at step ${vansStep}, two vans refilled from the warehouse: POST /locations: 403 exceeded_limit The free plan allows 3 locations`);
    expect(stopped.stderr).toContain(`What exists: workspace "${ws.workspace.name}"`);
    expect(stopped.stderr).toContain(DEMO_STEPS[0]!.made);
    const finish = /^ {2}(KEY=\S+ npm run demo -- --resume \S+)$/m.exec(stopped.stderr)?.[1];
    expect(finish).toBe(`KEY=${ws.ownerKey} npm run demo -- --resume ${ws.id}`);

    await changePlan(await adminDeps(), { workspace: ws.id, plan: 'pro' });
    const finished = await demo(['--resume', ws.id], { KEY: ws.ownerKey });
    expect({ code: finished.code, stderr: finished.stderr }).toEqual({ code: 0, stderr: '' });
    expect(exported(finished.stdout)).toEqual({ key: ws.ownerKey, ws: ws.id });
    expect(((await ws.owner.get('/locations', { query: { type: 'van' } })).body as any[]).map((l) => l.name)).toEqual(VANS.map((v) => v.name));
  }, 180_000);

  it('when the API does not answer, then it says how to start it and creates nothing', async () => {
    const run = await demo([], { PORT: '1' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^The API does not answer at https:\/\/localhost:1 .*\nStart it with `npm start` in another terminal, then run `npm run demo` again\. Nothing was created\.\n$/);
  }, 60_000);
});

describe('npm start, once the gateway answers', () => {
  it('when it prints its banner, then it names the reference, the document, the certificate and the commands that make a first workspace', () => {
    const banner = startBanner({ url: 'https://localhost:8443', certificate: path.join(ROOT, '.data/tls/cert.pem'), cwd: ROOT });
    expect(banner).toContain('https://localhost:8443/docs');
    expect(banner).toContain('https://localhost:8443/openapi.json');
    expect(banner).toContain('--cacert .data/tls/cert.pem');
    expect(banner).toContain('npm run demo');
    expect(banner).toMatch(/npm run -s admin -- workspace:create .* --plan pro/);
  });
});
