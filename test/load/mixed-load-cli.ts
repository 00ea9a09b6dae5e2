/**
 * Runs the mixed load (mixed-load.ts) against a running stack, as issue 35 measured it: start the
 * stack with `RATE_LIMIT_PER_MINUTE=1000000 npm start`, then
 *
 *   npx tsx test/load/mixed-load-cli.ts --clients 16 --edits 10 --seconds 30
 *   npx tsx test/load/mixed-load-cli.ts --rate 300 --mix every --seconds 60
 *
 * It creates a workspace (enterprise plan) with the admin CLI, prepares the hot items and
 * locations, runs the load and prints what every attempt answered: statuses, the 500s' messages,
 * p50/p99 of the admitted attempts, goodput.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { editMix, EVERY_WRITE, type Mix, prepareWorld, runLoad, summarize } from './mixed-load';

const ROOT = path.resolve(__dirname, '../..');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'https://localhost:8443' },
      clients: { type: 'string' },
      rate: { type: 'string' },
      edits: { type: 'string', default: '1' },
      mix: { type: 'string', default: 'edits' },
      seconds: { type: 'string', default: '30' },
      ca: { type: 'string', default: path.join(ROOT, '.data/tls/cert.pem') },
    },
  });
  const created = JSON.parse(
    execFileSync('npm', ['run', '-s', 'admin', '--', 'workspace:create', '--name', `Load ${Date.now()}`, '--owner-email', `load-${Date.now()}@example.test`, '--plan', 'enterprise'], { cwd: ROOT, encoding: 'utf8' }),
  ) as { workspace: { id: string }; apiKey: string };
  const world = await prepareWorld({ baseUrl: values.url!, ca: fs.readFileSync(values.ca!, 'utf8'), key: created.apiKey, workspaceId: created.workspace.id });
  // --mix every | edits (with --edits P) | op:weight,op:weight (e.g. transfer:3,read-item:1)
  const mix: Mix =
    values.mix === 'every' ? EVERY_WRITE : values.mix === 'edits' ? editMix(Number(values.edits)) : Object.fromEntries(values.mix!.split(',').map((pair) => [pair.split(':')[0]!, Number(pair.split(':')[1] ?? 1)]));
  const pace = values.rate !== undefined ? { rate: Number(values.rate) } : { clients: Number(values.clients ?? 16) };
  const result = await runLoad(world, { mix, seconds: Number(values.seconds), pace });
  const summary = summarize(result);
  const serverErrors = new Map<string, number>();
  for (const a of result.attempts.filter((a) => a.status >= 500)) serverErrors.set(`${a.op}: ${a.message}`, (serverErrors.get(`${a.op}: ${a.message}`) ?? 0) + 1);
  const refusals = new Map<string, number>();
  for (const a of result.attempts.filter((a) => a.status === 429)) refusals.set(a.message ?? '', (refusals.get(a.message ?? '') ?? 0) + 1);
  console.log(JSON.stringify({ pace, refusalMessages: Object.fromEntries(refusals), mix: values.mix === 'edits' ? `${values.edits}% item edits` : values.mix, ...summary, serverErrorMessages: Object.fromEntries(serverErrors) }, null, 2));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
