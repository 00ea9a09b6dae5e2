import { newWorkspace, sql } from '../support/fixtures';
import { type Stack, waitUntil } from '../support/stack';
import { finished, sendCsv } from '../imports/csv-fixtures';
import { expectAllAlive, startFaultStack, stopFaultStack, withLogs } from './fault-stack';

/**
 * An import applies all or nothing even when the process applying it dies (issue 30): the catalog
 * is killed -9 while it applies a 50,000-row file, and once it is back the job ends with every row
 * applied exactly once (the run that died committed nothing, and the openings of stock it had
 * requested are abandoned before the next run), never half.
 */
let stack: Stack;
beforeAll(async () => {
  // A short lease: the next run starts soon after the kill.
  stack = await startFaultStack([], { IMPORT_LEASE_MS: '3000' });
});
afterAll(() => stopFaultStack(stack));

const ROWS = 50_000;
const WITH_STOCK = 1_500;

it(
  'when the catalog is killed -9 while it applies a 50,000-row items file, then after its restart the import ends completed with every row applied once, and the stock of its openings counted once',
  withLogs(
    () => stack,
    async () => {
      const ws = await newWorkspace({ plan: 'enterprise' });
      const lines = Array.from({ length: ROWS }, (_, i) => `K-${i},Killed import item ${i},${i < WITH_STOCK ? 2 : ''}`);
      const sent = await sendCsv(ws, 'items', `sku,description,quantity\n${lines.join('\n')}\n`);
      expect(sent.status).toBe(202);
      const id = sent.body.id;
      await waitUntil('the import to be applying', async () => (await sql("SELECT status FROM catalog.imports WHERE id = $1", [id]))[0]?.status === 'applying', 60_000);
      // Inside the apply: its openings are being recorded (or it is inserting the items).
      await waitUntil('the first openings of the run', async () => (await sql('SELECT count(*)::int AS n FROM stock.openings WHERE workspace_id = $1', [ws.id]))[0].n > 0, 60_000);
      const committedBeforeKill = (await sql("SELECT status FROM catalog.imports WHERE id = $1", [id]))[0].status;
      await stack.kill('catalog', 'SIGKILL');
      await stack.respawn('catalog');
      const job = await finished(ws, id, 120_000);
      expect(job).toMatchObject({ status: 'completed', rows: { total: ROWS, invalid: 0, applied: ROWS } });
      expect(await sql('SELECT count(*)::int AS n, count(DISTINCT lower(sku))::int AS skus FROM catalog.items WHERE workspace_id = $1', [ws.id])).toEqual([{ n: ROWS, skus: ROWS }]);
      // Every opening the dead run recorded is cancelled; the one that committed holds the stock once.
      await waitUntil(
        'the stock service to hold exactly the committed openings',
        async () => {
          const [stock] = await sql<{ movements: number; on_hand: string }>('SELECT count(*)::int AS movements, coalesce(sum(on_hand), 0)::text AS on_hand FROM stock.balances WHERE workspace_id = $1 AND on_hand > 0', [ws.id]);
          return stock!.movements === WITH_STOCK && Number(stock!.on_hand) === 2 * WITH_STOCK;
        },
        60_000,
      );
      const attempts = (await sql('SELECT attempts FROM catalog.imports WHERE id = $1', [id]))[0].attempts;
      // The kill landed in the apply (a second run did it), unless the first run had committed already.
      expect(committedBeforeKill === 'completed' || attempts >= 2).toBe(true);
      expectAllAlive(stack);
    },
  ),
  300_000,
);
