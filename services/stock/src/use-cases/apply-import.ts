import { actorOf, type AppError, type ApplyStockImport, type Caller, type ImportRowError, StockEvents, type StockImportOutcome, type z } from '@inv/shared/core';
import { inOneRoundTrip, type PoolClient, UNGUARDED } from '@inv/shared/db';
import { recordEvents } from '@inv/shared/messaging';
import { transactOnce, type ServiceRuntime } from '@inv/shared/runtime';
import { appliedImport, claimImport } from '../data/import-repository';
import { lockLedger } from '../data/ledger';
import { lockParLevels, upsertParLevels } from '../data/par-level-repository';
import { itemFacts, placeFacts } from '../data/projection-repository';
import { countDifference } from '../domain/balance-rules';
import { type CountRow, countRows, type ParLevelRow, parLevelRows } from '../domain/import-rows';
import { balanceKey, type MovementDraft } from '../domain/ledger-plan';
import { parCrossing, parLevelRefusal } from '../domain/par-levels';
import { fromUnits } from '../domain/quantity';
import { CatalogOnlyItem, CountBelowReserved, movementRefusal, UnknownItem } from '../domain/stock-policy';
import { labelsOf, presentParCrossing, unitsAt } from './ledger-facts';
import { countedMovements, hasSerials, identityRefusal, unitsTouched } from '../domain/units';
import { runLedgerUnit } from './ledger-unit';
import { awaitOwnerChanges, withCopiesCaughtUp } from './owner-copies';

/** Thrown inside the import's transaction to roll it back: rows were refused. */
class RowsRefused extends Error {
  constructor(readonly errors: ImportRowError[]) {
    super('rows refused');
  }
}

/** Thrown inside a dry run's transaction once every row was decided: it writes nothing. */
class DryRunDecided extends Error {}

/** Thrown inside the import's transaction when another attempt applied it first. */
class AlreadyApplied extends Error {}

/** A refusal of the stock policy as one row's error, blaming the column that names what it refuses. */
function rowError(row: number, refusal: AppError): ImportRowError {
  const column = refusal instanceof UnknownItem || refusal instanceof CatalogOnlyItem ? 'sku' : 'location';
  return { row, column, code: refusal.code, message: refusal.message };
}

const byRow = (a: ImportRowError, b: ImportRowError) => a.row - b.row;

/**
 * Validates a CSV import of stock by the stock service's schemas (domain/import-rows.ts) and
 * policy, the same as the API's, and unless it is a dry run applies every row or none, once per
 * importId, for the caller the catalog passes on (docs/csv.md). Every row's errors are answered
 * together; a file with any is applied not at all. The rows are decided under the ledger's locks
 * in one transaction (the locations' shared locks, the items' totals, the balances), so what is
 * validated is what is applied.
 */
export async function applyImport(runtime: ServiceRuntime, input: z.output<typeof ApplyStockImport>): Promise<StockImportOutcome> {
  const { caller, importId, dryRun } = input;
  const workspaceId = caller.workspace.id;
  if (!dryRun) {
    const applied = await appliedImport(runtime.pool, workspaceId, importId);
    if (applied !== undefined) return { errors: [], applied };
  }
  const read = input.kind === 'stock-counts' ? countRows(input.rows) : parLevelRows(input.rows);
  await awaitOwnerChanges(runtime, caller);
  try {
    const applied =
      input.kind === 'stock-counts'
        ? await applyCounts(runtime, caller, importId, dryRun, read as { rows: CountRow[]; errors: ImportRowError[] })
        : await applyParLevels(runtime, caller, importId, dryRun, read as { rows: ParLevelRow[]; errors: ImportRowError[] });
    return { errors: [], applied };
  } catch (err) {
    if (err instanceof RowsRefused) return { errors: err.errors.sort(byRow), applied: 0 };
    if (err instanceof DryRunDecided) return { errors: [], applied: 0 };
    if (err instanceof AlreadyApplied) return { errors: [], applied: (await appliedImport(runtime.pool, workspaceId, importId)) ?? 0 };
    throw err;
  }
}

/** Ends a decision: rolls back with every error, or (a dry run) with none. */
function settle(errors: ImportRowError[], dryRun: boolean): void {
  if (errors.length > 0) throw new RowsRefused(errors);
  if (dryRun) throw new DryRunDecided();
}

/**
 * Physical counts, each recorded as POST /inventory/movements {type: count} records one: an
 * adjustment of the difference to the counted on-hand (0 when it confirms it), reason count unless
 * the row names another, referenced `import <id>`; never below what is reserved. One ledger unit
 * for the whole file: its item health and par crossings are decided as for any change of stock.
 * The items' shared advisory locks are not taken (a large file would hold more locks than
 * PostgreSQL's lock table has room for): their totals' row locks, which closing an item also
 * takes, stand in for them.
 */
async function applyCounts(runtime: ServiceRuntime, caller: Caller, importId: string, dryRun: boolean, read: { rows: CountRow[]; errors: ImportRowError[] }): Promise<number> {
  const { rows } = read;
  const itemIds = [...new Set(rows.map((r) => r.itemId))] as never[];
  const locationIds = [...new Set(rows.map((r) => r.locationId))] as never[];
  const { result } = await runLedgerUnit<number>(runtime, caller, UNGUARDED, {
    prepare: (tx) => (dryRun ? [] : [claim(tx, caller, importId, rows.length)]),
    locks: {
      locationIds,
      itemIds,
      itemsAddedTo: [],
      totals: itemIds,
      balances: rows as never[],
      // A row counting serials compares them with every serial in stock there: all are read, under the balance's lock.
      units: {
        ...unitsTouched(rows.map((r) => ({ itemId: r.itemId as never, locationId: r.locationId as never, ...(r.units ? { units: r.units } : {}) }))),
        stockedAt: rows.filter((r) => hasSerials(r.units) || r.counted === 0n).map((r) => ({ itemId: r.itemId as never, locationId: r.locationId as never })),
      },
    },
    decide: (facts) => {
      const errors = [...read.errors];
      const movements: MovementDraft[] = [];
      for (const r of rows) {
        const known = { access: caller.locationAccess, locationId: r.locationId as never, itemId: r.itemId as never, known: true, place: placeFacts(facts.locations.get(r.locationId)), item: itemFacts(facts.items.get(r.itemId)) };
        const refused = movementRefusal({ ...known, addsStock: false });
        if (refused) {
          errors.push(rowError(r.row, refused));
          continue;
        }
        const balance = facts.balances.get(balanceKey(r as never))!;
        const labels = labelsOf(facts);
        const wrongUnits = identityRefusal({
          tracking: facts.items.get(r.itemId)?.tracking ?? 'none',
          identity: r.units,
          quantity: r.counted,
          at: '',
          required: true,
          inbound: false,
          item: labels.item(r.itemId),
        });
        if (wrongUnits) {
          errors.push({ row: r.row, column: wrongUnits.param ?? null, code: wrongUnits.code, message: wrongUnits.message });
          continue;
        }
        const difference = countDifference(balance, r.counted);
        if (difference === undefined) {
          const labels = labelsOf(facts);
          const below = new CountBelowReserved(`item ${labels.item(r.itemId)} at location ${labels.location(r.locationId)}`, fromUnits(r.counted), balance.reserved);
          errors.push({ row: r.row, column: 'counted', code: below.code, message: below.message });
          continue;
        }
        const refusedToAdd = movementRefusal({ ...known, addsStock: difference > 0n });
        if (refusedToAdd) {
          errors.push(rowError(r.row, refusedToAdd));
          continue;
        }
        const key = { itemId: r.itemId as never, locationId: r.locationId as never };
        for (const counted of countedMovements(unitsAt(facts, key), r.counted, r.units, balance.onHand, facts.items.get(r.itemId)?.tracking ?? 'none')) {
          movements.push({ ...key, type: 'adjustment', quantity: counted.quantity, transferId: null, operationId: null, reason: r.reason, reference: `import ${importId}`, note: '', ...(counted.units ? { units: counted.units } : {}) });
        }
      }
      settle(errors, dryRun);
      return { movements, reservations: [], labels: labelsOf(facts), answer: () => ({ result: movements.length, events: [] }) };
    },
  });
  return result;
}

/**
 * Par levels, each set as PUT /inventory/par-levels/{itemId}/{locationId} sets one: refused by the
 * same policy (write access, a stock-tracked item, a live location), a changed minimum judged once
 * at the on-hand there now (stock.par_crossed), all in one transaction.
 */
async function applyParLevels(runtime: ServiceRuntime, caller: Caller, importId: string, dryRun: boolean, read: { rows: ParLevelRow[]; errors: ImportRowError[] }): Promise<number> {
  const { rows } = read;
  const workspaceId = caller.workspace.id;
  const itemIds = [...new Set(rows.map((r) => r.itemId))] as never[];
  const locationIds = [...new Set(rows.map((r) => r.locationId))] as never[];
  return withCopiesCaughtUp<number>(runtime, workspaceId, (requireCopies) =>
    transactOnce(runtime, async (tx) => {
      const [, facts] = await inOneRoundTrip(tx, () => lockLedger(tx, workspaceId, { locationIds, itemIds, itemsAddedTo: [], totals: itemIds, balances: [] }));
      const now = facts.now;
      requireCopies({ itemIds, locationIds }, facts);
      const errors = [...read.errors];
      for (const r of rows) {
        const refused = parLevelRefusal({
          access: caller.locationAccess,
          itemId: r.itemId as never,
          locationId: r.locationId as never,
          known: true,
          item: itemFacts(facts.items.get(r.itemId)),
          place: placeFacts(facts.locations.get(r.locationId)),
        });
        if (refused) errors.push(rowError(r.row, refused));
      }
      settle(errors, dryRun);
      const current = await lockParLevels(tx, workspaceId, rows);
      await upsertParLevels(tx, workspaceId, rows, now);
      const crossings = rows.flatMap((r) => {
        const { minimum: previous, balance } = current.get(balanceKey(r as never))!;
        const below = parCrossing({ balance, minimum: previous }, { balance, minimum: r.minimum });
        return below === undefined ? [] : [presentParCrossing(facts, { itemId: r.itemId as never, locationId: r.locationId as never, below, ...balance, minimum: r.minimum, target: r.target })];
      });
      await recordEvents(tx, StockEvents.parCrossed, workspaceId, crossings, caller.requestId, actorOf(caller));
      await claim(tx, caller, importId, rows.length);
      return rows.length;
    }),
  );
}

async function claim(tx: PoolClient, caller: Caller, importId: string, applied: number): Promise<void> {
  if (!(await claimImport(tx, caller.workspace.id, importId, applied))) throw new AlreadyApplied();
}

