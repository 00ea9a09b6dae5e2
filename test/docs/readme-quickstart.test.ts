import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { client } from '../support/api';
import { eventually } from '../support/fixtures';

const ROOT = path.resolve(__dirname, '../..');

/**
 * The README's quickstart is a test: a README that drifts from the API fails the build.
 *
 * Every ```bash block between `<!-- quickstart -->` and `<!-- /quickstart -->` is run as written,
 * in order, in one bash session at the repository's root, with one change, the one a reader on
 * another machine would make: the API's address `https://localhost:8443` and its certificate
 * `.data/tls/cert.pem` are this run's stack's (each must appear in the README, so the text cannot
 * drift away from the substitution). The environment is the stack's as `npm start` would have it
 * (DATABASE_URL, AMQP_URL, REDIS_URL, REDIS_PREFIX), which the README's admin command reads; KEY
 * and WS come from the README's own first block. Every command must succeed: the session runs
 * with `set -Eeuo pipefail`, and each curl with --fail-with-body (the README's `api` helper), so
 * the first refusal stops it, naming the command.
 */
const README_API = 'https://localhost:8443';
const README_CA = '.data/tls/cert.pem';

function quickstartBlocks(readme: string): string[] {
  const section = /<!-- quickstart -->\n([\s\S]*?)<!-- \/quickstart -->/.exec(readme)?.[1];
  if (!section) throw new Error('README.md has no <!-- quickstart --> … <!-- /quickstart --> section');
  return [...section.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

function runBash(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    execFile('bash', ['-c', script], { cwd: ROOT, env, timeout: 180_000, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr, ms: Date.now() - started });
    });
  });
}

describe("the README's quickstart", () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

  it('when its blocks are read, then there are some, and they use the address and certificate the test substitutes', () => {
    const script = quickstartBlocks(readme).join('\n');
    expect(quickstartBlocks(readme).length).toBeGreaterThanOrEqual(5);
    expect(script).toContain(README_API);
    expect(script).toContain(README_CA);
    expect(script).toContain('--plan pro');
  });

  it('when its blocks are run as written against the stack, then every command succeeds and the day is in the ledger', async () => {
    const script = quickstartBlocks(readme)
      .join('\n')
      .replaceAll(README_API, process.env.TEST_GATEWAY_URL!)
      .replaceAll(README_CA, process.env.TEST_GATEWAY_CA!);
    const session = [
      'set -Eeuo pipefail',
      `trap 'echo "README quickstart failed (exit $?) at: $BASH_COMMAND" >&2' ERR`,
      script,
      // Not the README's: hands the session's workspace to the assertions below.
      'echo "QUICKSTART KEY=$KEY WS=$WS"',
    ].join('\n');
    const run = await runBash(session, {
      ...process.env,
      LOG_LEVEL: 'warn',
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      AMQP_URL: process.env.TEST_AMQP_URL,
      AMQP_QUEUE_TYPE: process.env.TEST_AMQP_QUEUE_TYPE,
      REDIS_URL: process.env.TEST_REDIS_URL,
      REDIS_PREFIX: process.env.TEST_REDIS_PREFIX,
    });
    expect({ code: run.code, stderr: run.stderr, tail: run.code === 0 ? '' : run.stdout.slice(-2000) }).toEqual({ code: 0, stderr: '', tail: '' });
    process.stdout.write(`README quickstart ran in ${(run.ms / 1000).toFixed(1)} s\n`);

    const [, key, ws] = /^QUICKSTART KEY=(\S+) WS=(\S+)$/m.exec(run.stdout)!;
    const api = client(key!, ws!);
    const locations = (await api.get('/locations')).body as any[];
    const [van1, van2] = ['Van 1', 'Van 2'].map((name) => locations.find((l) => l.name === name));
    expect([van1.replenishFrom, van2.replenishFrom]).toEqual([(await api.get(`/workspaces/${ws}`)).body.defaultLocationId, expect.any(String)]);
    const items = (await api.get('/items')).body as any[];
    const filter = items.find((i) => i.sku === 'FLT-16251');
    expect(filter).toMatchObject({ cost: 4.2, sellPrice: 12.5 });
    const onHand = async (locationId: string) => ((await api.get('/inventory/balances', { query: { itemId: filter.id, locationId } })).body as any[])[0]?.onHand;
    // Van 2 was refilled to its target of 8; the job used one filter, the valve and the thermostat from Van 1, at the items' prices.
    expect(await onHand(van2.id)).toBe(8);
    const [job] = (await api.get('/jobs')).body as any[];
    expect(job).toMatchObject({ status: 'completed', sourceLocationId: van1.id, totals: { cost: 95.3, price: 179.5 } });
    expect(job.lines.map((l: any) => [l.item.sku, l.used, l.reserved, l.serials])).toEqual([
      ['FLT-16251', 1, 0, null],
      ['VLV-075', 1, 0, null],
      ['TST-200', 1, 0, ['TS-88213']],
    ]);
    // The thermostat, received on the order by its serial and moved to Van 1 by it, was used on the job: the scan and the trace say so.
    expect((await api.get('/inventory/serials', { query: { serial: 'TS-88213' } })).body).toEqual([
      expect.objectContaining({ sku: 'TST-200', status: 'used', jobId: job.id, locationId: van1.id }),
    ]);
    expect(((await api.get('/inventory/movements', { query: { serial: 'TS-88213' } })).body as any[]).map((m) => [m.type, m.reason])).toEqual([
      ['adjustment', 'job'],
      ['transfer_in', null],
      ['transfer_out', null],
      ['receipt', 'received'],
    ]);
    const imports = await eventually('the stock-counts import to complete', async () => {
      const jobs = (await api.get('/imports')).body as any[];
      return jobs.every((job) => job.status === 'completed') ? jobs : undefined;
    });
    expect(imports).toHaveLength(1);
    // Van 1's evening count of 5 replaced what the day left it (6 loaded, 1 used on the job).
    expect(await onHand(van1.id)).toBe(5);
    // Bought on a purchase order, received in part: 10 filters still on order; the warehouse's refill drafted
    // 24 more from the supplier (target 50 − (16 free after Van 2's refill + 10 on order)).
    const orders = (await api.get('/purchase-orders')).body as any[];
    expect(orders.map((o) => [o.status, o.origin, o.lines.map((l: any) => [l.item.sku, l.ordered, l.received, l.open])])).toEqual([
      ['draft', 'replenishment', [['FLT-16251', 24, 0, 24]]],
      ['partially_received', 'manual', [['FLT-16251', 40, 30, 10], ['VLV-075', 40, 40, 0], ['TST-200', 1, 1, 0]]],
    ]);
    // Worth: 29 filters at 4.20 and 39 valves at 6.10 (the thermostat was used).
    expect((await api.get('/inventory/valuation')).body.totals).toEqual({ onHand: 68, value: 359.7 });
  }, 240_000);
});
