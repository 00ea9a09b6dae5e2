import { Client as PgClient } from 'pg';
import { newWorkspace, sql, unique, type TestWorkspace } from '../support/fixtures';
import { createLocation, ledgerMismatches } from './stock-fixtures';

/**
 * Serials and lots under races, and the schema holding them (issue 45, docs/serials.md): racing
 * requests for the same unit, exactly one wins; a transaction that breaks what the schema holds is
 * refused at COMMIT, whatever code wrote it.
 */

async function trackedItem(ws: TestWorkspace, tracking: 'serial' | 'lot'): Promise<string> {
  const res = await ws.owner.post('/items', { sku: unique('RACE'), description: 'Raced part', tracking });
  if (res.status !== 201) throw new Error(`creating an item failed: ${res.status} ${res.text}`);
  return res.body.id;
}

async function receive(ws: TestWorkspace, itemId: string, locationId: string, fields: Record<string, unknown>): Promise<void> {
  const res = await ws.owner.post('/inventory/movements', { type: 'receipt', itemId, locationId, ...fields });
  if (res.status !== 201) throw new Error(`receiving failed: ${res.status} ${res.text}`);
}

const statuses = (results: Array<{ status: number }>) => results.map((r) => r.status).sort();

describe('units under races', () => {
  it('when two transfers race for one serial, then exactly one moves it and the other is a 422 naming it', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const [van1, van2] = [await createLocation(ws), await createLocation(ws)];
    const item = await trackedItem(ws, 'serial');
    for (let round = 0; round < 5; round += 1) {
      const serial = `RACE-${round}`;
      await receive(ws, item, ws.defaultLocationId, { quantity: 1, serials: [serial] });
      const racing = await Promise.all(
        [van1, van2].map((van) => ws.owner.post('/inventory/transfers', { fromLocationId: ws.defaultLocationId, toLocationId: van.id, lines: [{ itemId: item, quantity: 1, serials: [serial] }] })),
      );
      expect(statuses(racing)).toEqual([201, 422]);
      expect(racing.find((r) => r.status === 422)!.body.error.param).toBe('lines[0].serials');
      const [row] = await sql<{ location_id: string }>('SELECT location_id FROM stock.serials WHERE workspace_id = $1 AND item_id = $2 AND serial_key = $3', [ws.id, item, serial.toLowerCase()]);
      expect([van1.id, van2.id]).toContain(row!.location_id);
    }
    expect(await ledgerMismatches(ws.id)).toEqual([]);
  });

  it('when two receipts race to bring in the same new serial, then exactly one receives it and the other is a 409 naming it', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const van = await createLocation(ws);
    const item = await trackedItem(ws, 'serial');
    for (let round = 0; round < 5; round += 1) {
      const serial = `NEW-${round}`;
      const racing = await Promise.all(
        [ws.defaultLocationId, van.id].map((locationId) => ws.owner.post('/inventory/movements', { type: 'receipt', itemId: item, locationId, quantity: 1, serials: [serial] })),
      );
      expect(statuses(racing)).toEqual([201, 409]);
      const refused = racing.find((r) => r.status === 409)!.body.error;
      expect({ param: refused.param, named: refused.message.includes(serial) }).toEqual({ param: 'serials', named: true });
    }
    const [counts] = await sql<{ serials: number; on_hand: string }>(
      "SELECT (SELECT count(*)::int FROM stock.serials WHERE workspace_id = $1 AND status = 'in_stock') AS serials, (SELECT sum(on_hand)::text FROM stock.balances WHERE workspace_id = $1) AS on_hand",
      [ws.id],
    );
    expect({ serials: counts!.serials, onHand: Number(counts!.on_hand) }).toEqual({ serials: 5, onHand: 5 });
  });

  it('when two jobs race for the last units of a lot, then exactly one reserves them and the other is a 422 naming the lot', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const item = await trackedItem(ws, 'lot');
    await receive(ws, item, ws.defaultLocationId, { quantity: 4, lot: 'LAST' });
    await receive(ws, item, ws.defaultLocationId, { quantity: 10, lot: 'OTHER' });
    const racing = await Promise.all(
      [1, 2].map((n) => ws.owner.post('/jobs', { name: `Job ${n}`, sourceLocationId: ws.defaultLocationId, reserve: true, lines: [{ itemId: item, quantity: 3, lot: 'LAST' }] })),
    );
    expect(statuses(racing)).toEqual([201, 422]);
    expect(racing.find((r) => r.status === 422)!.body.error.shortages).toEqual([expect.objectContaining({ lot: 'LAST', available: 1, requested: 3 })]);
    expect(await sql('SELECT on_hand::float8 AS on_hand, reserved::float8 AS reserved FROM stock.lot_balances WHERE workspace_id = $1 AND lot_key = $2', [ws.id, 'last'])).toEqual([{ on_hand: 4, reserved: 3 }]);
  });
});

describe('what the schema holds', () => {
  async function refusedAtCommit(statements: (db: PgClient) => Promise<unknown>): Promise<string> {
    const db = new PgClient({ connectionString: process.env.TEST_DATABASE_URL });
    await db.connect();
    try {
      await db.query('BEGIN');
      await statements(db);
      const failed = await db.query('COMMIT').then(
        () => 'committed',
        (err: { code?: string; constraint?: string }) => `${err.code}:${err.constraint}`,
      );
      return failed;
    } finally {
      await db.end();
    }
  }

  it('when a transaction changes a serial item\'s on-hand without its serials, or a serial without the on-hand, then its COMMIT is refused', async () => {
    const ws = await newWorkspace();
    const item = await trackedItem(ws, 'serial');
    await receive(ws, item, ws.defaultLocationId, { quantity: 2, serials: ['S-A', 'S-B'] });
    const where = [ws.id, item, ws.defaultLocationId];
    expect(await refusedAtCommit((db) => db.query('UPDATE stock.balances SET on_hand = on_hand + 1 WHERE workspace_id = $1 AND item_id = $2 AND location_id = $3', where))).toBe('23514:units_agree');
    expect(await refusedAtCommit((db) => db.query("UPDATE stock.serials SET status = 'written_off' WHERE workspace_id = $1 AND item_id = $2 AND serial_key = 's-a'", [ws.id, item]))).toBe('23514:units_agree');
    // Both together agree, and commit.
    expect(
      await refusedAtCommit(async (db) => {
        await db.query("UPDATE stock.serials SET status = 'written_off' WHERE workspace_id = $1 AND item_id = $2 AND serial_key = 's-a'", [ws.id, item]);
        await db.query('UPDATE stock.balances SET on_hand = on_hand - 1 WHERE workspace_id = $1 AND item_id = $2 AND location_id = $3', where);
      }),
    ).toBe('committed');
  });

  it("when a transaction changes a lot item's on-hand without its lots, or takes a lot below 0, then it is refused", async () => {
    const ws = await newWorkspace();
    const item = await trackedItem(ws, 'lot');
    await receive(ws, item, ws.defaultLocationId, { quantity: 2, lot: 'L-A' });
    expect(await refusedAtCommit((db) => db.query('UPDATE stock.balances SET on_hand = on_hand - 1 WHERE workspace_id = $1 AND item_id = $2', [ws.id, item]))).toBe('23514:units_agree');
    const below = await sql('UPDATE stock.lot_balances SET on_hand = on_hand - 3 WHERE workspace_id = $1 AND item_id = $2', [ws.id, item]).then(
      () => 'written',
      (err: { code?: string; constraint?: string }) => `${err.code}:${err.constraint}`,
    );
    expect(below).toBe('23514:lot_on_hand_not_negative');
  });
});
