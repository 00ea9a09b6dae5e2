import fs from 'node:fs';
import { revokeKey } from '../../gateway/src/admin/admin-commands';
import { adminDeps, newKey, newMember, newWorkspace, type TestWorkspace } from '../support/fixtures';
import { type Stack, waitUntil } from '../support/stack';
import { BOUNDS, expectAllAlive, explain, Findings, HANG_MS, probe, problemsWith, startFaultStack, stopFaultStack, timed, type Timed, withLogs } from './fault-stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startFaultStack(['redis']);
});
afterAll(() => stopFaultStack(stack));
afterEach(() => stack.restore('redis'));

function calls(ws: TestWorkspace, count: number): Promise<Timed[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => timed(`GET /locations #${i}`, () => ws.owner.get('/locations', { timeoutMs: HANG_MS }))));
}

/**
 * After the restore, the limiter counts again: a restricted key limited to 3 calls a minute gets
 * 429 on its fourth. A fresh key each attempt, so a window half-counted during the heal does not matter.
 */
async function expectLimiterBack(ws: TestWorkspace, findings: Findings, restoredAt: number): Promise<void> {
  await findings.check('the rate limiter counts again within the heal bound', () =>
    waitUntil(
      'a 3-per-minute key to be refused its fourth call',
      async () => {
        const { client } = await newKey(ws, ws.ownerEmail, { scopes: ['locations.read'], rateLimit: 3 });
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) statuses.push((await client.get('/locations', { timeoutMs: BOUNDS.healMs })).status);
        return statuses.join() === '200,200,200,429';
      },
      Math.max(0, restoredAt + BOUNDS.healMs - Date.now()),
    ),
  );
}

for (const fault of ['cut', 'silence'] as const) {
  const outage = fault === 'cut' ? 'cut (connections dropped, new ones refused)' : 'silent (connections accepted, nothing answered)';
  it(
    `when Redis is ${outage}, then the rate limiter fails open: calls are still answered promptly, the probes answer, and limits apply again once Redis is back`,
    withLogs(
      () => stack,
      async () => {
        const ws = await newWorkspace();
        await stack[fault]('redis');
        const findings = new Findings();
        findings.add(problemsWith(await calls(ws, 5), { withinMs: BOUNDS.answerMs, statuses: [200] }));
        // Fail open is a decision about requests; whether the gateway reports itself ready without Redis is not, but it must answer.
        findings.add(problemsWith([await probe(stack, 'gateway', '/healthz')], { withinMs: BOUNDS.probeMs, statuses: [200] }));
        const ready = await probe(stack, 'gateway', '/readyz');
        if (!ready.res || ready.ms > BOUNDS.probeMs) findings.add([`${explain(ready)}: expected an answer within ${BOUNDS.probeMs} ms`]);
        // Failing open is logged as a warning naming Redis (at most every few seconds, so an earlier case's may be the one).
        await findings.check('a warning in the gateway log names Redis', async () => {
          const warned = fs
            .readFileSync(stack.logFile('gateway'), 'utf8')
            .split('\n')
            .some((line) => /"level":40/.test(line) && /redis/i.test(line));
          if (!warned) throw new Error('no warn-level line naming Redis');
        });
        expectAllAlive(stack);

        await stack.restore('redis');
        await expectLimiterBack(ws, findings, Date.now());
        expectAllAlive(stack);
        findings.expectNone();
      },
    ),
  );
}

it(
  'when Redis is cut while a key is cached, then a revocation still applies on the next call: without the epoch the gateway reads PostgreSQL',
  withLogs(
    () => stack,
    async () => {
      const ws = await newWorkspace();
      const member = await newMember(ws, { role: 'member' });
      for (let i = 0; i < 3; i++) expect((await member.client.get('/locations', { timeoutMs: HANG_MS })).status).toBe(200);
      await stack.cut('redis');

      // The gateway cannot read the new epoch: only its fallback to PostgreSQL can see the revocation.
      await revokeKey(await adminDeps(), member.keyId);

      expect((await member.client.get('/locations', { timeoutMs: HANG_MS })).status).toBe(401);
      expect((await ws.owner.get('/locations', { timeoutMs: HANG_MS })).status).toBe(200);
      expectAllAlive(stack);
    },
  ),
);
