import { type Caller, Contention, type EntityId, LimitExceeded, newId } from '@inv/shared/core';
import { RunAgain, transactionsOfRequest, UNGUARDED, UNIT_ATTEMPTS } from '@inv/shared/db';
import { logContext } from '@inv/shared/observability';
import { ownerOf, type ServiceWorld, startServiceWorld } from '../../../../test/support/service-world';
import { findTransfers } from '../data/transfer-repository';
import { InsufficientStock } from '../domain/ledger-plan';
import { LocationClosed, LocationInactive, TransitionRefused } from '../domain/stock-policy';
import type { CreateTransferInput } from '../domain/stock-requests';
import { UNSTAMPED } from '../domain/transfer-lifecycle';
import { startStock } from '../main';
import { closeLocation } from './close-location';
import { createTransfer } from './create-transfer';
import { runLedgerUnit } from './ledger-unit';
import { recordMovement } from './record-movement';
import { recordOpening } from './record-opening';
import { transitionTransfer } from './transition-transfer';

/**
 * The one write path of stock (runLedgerUnit), through the use cases that drive it, on the real
 * PostgreSQL and RabbitMQ with no HTTP: what each change writes, that a refused one writes
 * nothing, and the races its locks decide.
 */
let world: ServiceWorld;
beforeAll(async () => {
  world = await startServiceWorld(startStock);
});
afterAll(() => world?.stop());

interface Place {
  id: EntityId;
}

/** A workspace whose copies of locations and items are what their owners said (as if their events had arrived). */
async function workspace(plan: Caller['workspace']['plan'] = 'business') {
  const caller = ownerOf(undefined, plan);
  const ws = caller.workspace.id;
  const place = async (over: { active?: boolean } = {}): Promise<Place> => {
    const id = newId();
    await world.sql(`INSERT INTO locations (id, workspace_id, name, type, active, version) VALUES ($1, $2, $3, 'warehouse', $4, 1)`, [id, ws, `L-${id.slice(0, 6)}`, over.active ?? true]);
    return { id };
  };
  const item = async (): Promise<EntityId> => {
    const id = newId();
    await world.sql(`INSERT INTO items (id, workspace_id, sku, description, track_stock, confirmed, version) VALUES ($1, $2, $3, '', true, true, 1)`, [id, ws, `SKU-${id.slice(0, 6)}`]);
    return id;
  };
  const receive = (itemId: EntityId, at: Place, quantity: number) =>
    recordMovement(world.runtime, caller, { type: 'receipt', itemId, locationId: at.id, quantity }, UNGUARDED).then((w) => w.result);
  const transfer = (input: Omit<CreateTransferInput, 'lines'> & { lines: Array<{ itemId: EntityId; quantity: number }> }) => createTransfer(world.runtime, caller, input, UNGUARDED);
  const onHand = async (itemId: EntityId, at: Place) =>
    Number((await world.sql('SELECT on_hand FROM balances WHERE workspace_id = $1 AND item_id = $2 AND location_id = $3', [ws, itemId, at.id]))[0]?.on_hand ?? 0);
  const count = async (table: 'transfers' | 'movements' | 'outbox') => Number((await world.sql(`SELECT count(*) AS n FROM ${table} WHERE workspace_id = $1`, [ws]))[0].n);
  /** Every balance equals the sum of its movements: nothing written twice or half. */
  const ledgerHolds = async () =>
    world.sql(
      `SELECT b.item_id, b.location_id FROM balances b
        WHERE b.workspace_id = $1 AND b.on_hand <> (SELECT coalesce(sum(m.quantity), 0) FROM movements m WHERE m.workspace_id = b.workspace_id AND m.item_id = b.item_id AND m.location_id = b.location_id)`,
      [ws],
    );
  return { caller, ws, place, item, receive, transfer, onHand, count, ledgerHolds };
}

describe('the ledger unit of work', () => {
  it('when a transfer completes, then movements, balances, the transfer, its events and the next stock position are written together', async () => {
    const w = await workspace();
    const [from, to, item] = [await w.place(), await w.place(), await w.item()];
    await w.receive(item, from, 5);
    const { result, position } = await w.transfer({ fromLocationId: from.id, toLocationId: to.id, lines: [{ itemId: item, quantity: 2 }] });
    expect(result).toMatchObject({ status: 'completed', fromLocationId: from.id, toLocationId: to.id, lines: [{ itemId: item, quantity: 2 }] });
    expect(position).toBe(2);
    expect([await w.onHand(item, from), await w.onHand(item, to)]).toEqual([3, 2]);
    const events = await world.sql<{ type: string; position: number | null }>(
      `SELECT type, (message->'payload'->>'position')::int AS position FROM outbox WHERE workspace_id = $1 ORDER BY seq`,
      [w.ws],
    );
    expect(events).toEqual([
      { type: 'stock.changed', position: 1 },
      { type: 'transfer.completed', position: null },
      { type: 'stock.changed', position: 2 },
    ]);
    expect(await w.ledgerHolds()).toEqual([]);
  });

  it('when one user creates a pending transfer and another completes it, then the answer, the events and a read carry both actors and the change\'s time', async () => {
    const w = await workspace();
    const [from, to, item] = [await w.place(), await w.place(), await w.item()];
    await w.receive(item, from, 5);
    const created = (await w.transfer({ fromLocationId: from.id, toLocationId: to.id, status: 'pending', lines: [{ itemId: item, quantity: 2 }] })).result;
    expect(created).toMatchObject({ createdBy: { userId: w.caller.user.id, keyId: w.caller.keyId }, ...UNSTAMPED });
    const driver: Caller = { ...w.caller, keyId: 'uc-key-driver', user: { id: newId(), email: 'driver@example.test' } };
    const completed = (await transitionTransfer(world.runtime, driver, { transferId: created.id, action: 'complete', input: {} }, UNGUARDED)).result;
    expect(completed).toEqual({ ...created, status: 'completed', completedAt: expect.any(String), completedBy: { userId: driver.user.id, keyId: 'uc-key-driver' } });
    // One time for the change: the transfer's stamp is its movements'.
    const moved = await world.sql<{ created_at: Date }>('SELECT DISTINCT created_at FROM movements WHERE workspace_id = $1 AND transfer_id = $2', [w.ws, created.id]);
    expect(moved.map((m) => m.created_at.toISOString())).toEqual([completed.completedAt]);
    expect(await findTransfers(world.runtime.pool, w.ws, [created.id])).toEqual([completed]);
    const events = await world.sql(`SELECT type, message->'payload' AS payload FROM outbox WHERE workspace_id = $1 AND type LIKE 'transfer.%' ORDER BY seq`, [w.ws]);
    expect(events).toEqual([
      { type: 'transfer.pending', payload: created },
      { type: 'transfer.completed', payload: completed },
    ]);
  });

  it('when a change is refused, then nothing of it is written: no transfer, movement, balance change, event, position or quota', async () => {
    const w = await workspace();
    const [from, to, inactive, item] = [await w.place(), await w.place(), await w.place({ active: false }), await w.item()];
    await w.receive(item, from, 1);
    const before = { transfers: await w.count('transfers'), movements: await w.count('movements'), outbox: await w.count('outbox') };
    await expect(w.transfer({ fromLocationId: from.id, toLocationId: to.id, lines: [{ itemId: item, quantity: 2 }] })).rejects.toBeInstanceOf(InsufficientStock);
    await expect(w.transfer({ fromLocationId: from.id, toLocationId: inactive.id, lines: [{ itemId: item, quantity: 1 }] })).rejects.toBeInstanceOf(LocationInactive);
    expect({ transfers: await w.count('transfers'), movements: await w.count('movements'), outbox: await w.count('outbox') }).toEqual(before);
    expect(await world.sql('SELECT used FROM plan_usage WHERE workspace_id = $1', [w.ws])).toEqual([]);
    expect(await w.onHand(item, from)).toBe(1);
  });

  it('when the billing cycle already holds the plan\'s transfers, then the next is refused at its last statement and leaves nothing', async () => {
    const w = await workspace('free');
    const [from, to, item] = [await w.place(), await w.place(), await w.item()];
    await w.receive(item, from, 5);
    await world.sql(`INSERT INTO plan_usage (workspace_id, resource, period_start, used) VALUES ($1, 'transfers', $2, 50)`, [w.ws, w.caller.workspace.billingCycleStart]);
    await expect(w.transfer({ fromLocationId: from.id, toLocationId: to.id, lines: [{ itemId: item, quantity: 1 }] })).rejects.toBeInstanceOf(LimitExceeded);
    expect([await w.count('transfers'), await w.onHand(item, from)]).toEqual([0, 5]);
  });

  it('when twenty transfers race for ten units, then exactly ten go through and the ledger holds', async () => {
    const w = await workspace();
    const [from, to, item] = [await w.place(), await w.place(), await w.item()];
    await w.receive(item, from, 10);
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => w.transfer({ fromLocationId: from.id, toLocationId: to.id, lines: [{ itemId: item, quantity: 1 }] })));
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(outcomes.length - refused.length).toBe(10);
    expect(refused.every((o) => o.reason instanceof InsufficientStock)).toBe(true);
    expect([await w.onHand(item, from), await w.onHand(item, to)]).toEqual([0, 10]);
    const positions = (await world.sql<{ p: number }>(`SELECT (message->'payload'->>'position')::int AS p FROM outbox WHERE workspace_id = $1 AND type = 'stock.changed' ORDER BY seq`, [w.ws])).map((r) => r.p);
    expect(positions).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
    expect(await w.ledgerHolds()).toEqual([]);
  });

  it('when a pending transfer is completed and cancelled at once, then exactly one wins and the other is told its status', async () => {
    const w = await workspace();
    const [from, to, item] = [await w.place(), await w.place(), await w.item()];
    await w.receive(item, from, 3);
    const pending = (await w.transfer({ fromLocationId: from.id, toLocationId: to.id, status: 'pending', lines: [{ itemId: item, quantity: 3 }] })).result;
    const act = (action: 'complete' | 'cancel') => transitionTransfer(world.runtime, w.caller, { transferId: pending.id, action, input: {} }, UNGUARDED);
    const outcomes = await Promise.allSettled([act('complete'), act('cancel'), act('complete'), act('cancel')]);
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'rejected').every((o) => (o as PromiseRejectedResult).reason instanceof TransitionRefused)).toBe(true);
    const [row] = await world.sql('SELECT on_hand::float AS on_hand, reserved::float AS reserved FROM balances WHERE workspace_id = $1 AND location_id = $2', [w.ws, from.id]);
    expect(row.reserved).toBe(0);
    expect(row.on_hand).toBe((won[0] as PromiseFulfilledResult<{ result: { status: string } }>).value.result.status === 'completed' ? 0 : 3);
    expect(await w.ledgerHolds()).toEqual([]);
  });

  it('when a location is closed while transfers into it race, then each transfer either committed first (and the close refuses) or finds it closed', async () => {
    const w = await workspace();
    const [from, item] = [await w.place(), await w.item()];
    await w.receive(item, from, 100);
    for (let round = 0; round < 10; round += 1) {
      const to = await w.place();
      const [moved, closed] = await Promise.allSettled([
        w.transfer({ fromLocationId: from.id, toLocationId: to.id, lines: [{ itemId: item, quantity: 1 }] }),
        closeLocation(world.runtime, w.ws, to.id),
      ]);
      // Never both: a closed location holds no stock.
      expect([moved.status, closed.status]).not.toEqual(['fulfilled', 'fulfilled']);
      if (moved.status === 'rejected') expect(moved.reason).toBeInstanceOf(LocationClosed);
      expect(await w.onHand(item, to)).toBe(moved.status === 'fulfilled' ? 1 : 0);
    }
    expect(await w.ledgerHolds()).toEqual([]);
  });

  it('when an opening arrives twice at once, then it is recorded once and both answers agree', async () => {
    const w = await workspace();
    const at = await w.place();
    const command = {
      operationId: newId(),
      caller: w.caller,
      lines: [{ item: { id: newId(), sku: 'NEW-1', description: '', trackStock: true, lowStockThreshold: null }, locationId: at.id, quantity: 4 }],
    };
    const [a, b] = await Promise.all([recordOpening(world.runtime, command), recordOpening(world.runtime, command)]);
    expect(a).toEqual({ movements: 1, position: 1 });
    expect(b).toEqual(a);
    expect(await w.count('movements')).toBe(1);
  });

  it('when a change keeps finding what it was planned from moved, then its unit of work runs at most UNIT_ATTEMPTS transactions and refuses as contention (docs/overload.md: the worst case per request)', async () => {
    const w = await workspace();
    const [from, to, item] = [await w.place(), await w.place(), await w.item()];
    await w.receive(item, from, 5);
    let planned = 0;
    const counted = await logContext.run({ requestId: 'counting' }, async () => {
      const outcome = await runLedgerUnit(world.runtime, w.caller, UNGUARDED, async () => {
        planned += 1;
        return {
          locks: { locationIds: [from.id, to.id], itemIds: [item], itemsAddedTo: [], totals: [], balances: [] },
          decide: () => {
            throw new RunAgain('what it was planned from');
          },
        };
      }).catch((err: unknown) => err);
      return { outcome, transactions: transactionsOfRequest() };
    });
    expect(counted.outcome).toBeInstanceOf(Contention);
    expect({ planned, transactions: counted.transactions }).toEqual({ planned: UNIT_ATTEMPTS, transactions: UNIT_ATTEMPTS });
  });
});

describe('one record of reservations (issue 40)', () => {
  it("when a transaction would leave a balance's reserved other than what its pending transfers and open jobs hold, then the schema refuses it at COMMIT, whatever wrote it", async () => {
    const w = await workspace();
    const [from, to, item] = [await w.place(), await w.place(), await w.item()];
    await w.receive(item, from, 5);
    const pending = (await w.transfer({ fromLocationId: from.id, toLocationId: to.id, status: 'pending', lines: [{ itemId: item, quantity: 2 }] })).result;
    const reserved = async () => Number((await world.sql('SELECT reserved FROM balances WHERE workspace_id = $1 AND item_id = $2 AND location_id = $3', [w.ws, item, from.id]))[0].reserved);
    expect(await reserved()).toBe(2);
    await expect(world.sql('UPDATE balances SET reserved = 3 WHERE workspace_id = $1 AND item_id = $2 AND location_id = $3', [w.ws, item, from.id])).rejects.toThrow(/reservations disagree/);
    await expect(world.sql("UPDATE transfers SET status = 'cancelled' WHERE workspace_id = $1 AND id = $2", [w.ws, pending.id])).rejects.toThrow(/reservations disagree/);
    expect({ reserved: await reserved(), status: (await findTransfers(world.runtime.pool, w.ws, [pending.id]))[0]!.status }).toEqual({ reserved: 2, status: 'pending' });
    // Through the one write path, both move together.
    await transitionTransfer(world.runtime, w.caller, { transferId: pending.id, action: 'cancel', input: {} }, UNGUARDED);
    expect(await reserved()).toBe(0);
  });
});
