import {
  AppError,
  ApplyStockImport,
  type Caller,
  canAccessLocation,
  CatalogEvents,
  Conflict,
  csvText,
  type ImportRowError,
  LOCATIONS_SERVICE,
  LocationCommands,
  namedId,
  newId,
  parseCsv,
  planQuota,
  ResolvedLocations,
  STOCK_SERVICE,
  StockCommands,
  StockImportOutcome,
  type CsvTable,
} from '@inv/shared/core';
import { claimPlanQuota, isUniqueViolation, type PoolClient } from '@inv/shared/db';
import { recordEvent, recordEvents, recordOwnerEvents } from '@inv/shared/messaging';
import { type ServiceRuntime, transact, transactOnce } from '@inv/shared/runtime';
import { IN_USE } from '../data/counters';
import { type ClaimedImport, findImport, finishImport, giveUpImport, recordValidation } from '../data/import-repository';
import { insertItems, itemsBySku, loadItems, type NewItem, nextItemVersion, setItemTags, takenKeys, updateItem } from '../data/item-repository';
import { findSuppliersByName, insertSuppliers } from '../data/supplier-repository';
import { findTags, insertTags } from '../data/tag-repository';
import { readHeader, rowCells, sortErrors } from '../domain/import-job';
import { closingPurpose, type Item, itemChanged, itemChanges, type ItemState, skuKey, trackingRefusal } from '../domain/item';
import { openingCommands, unitRefusals } from '../domain/opening-stock';
import { type Closing, confirmedAttempt, type Opening, stockPort, withItemsClosed, withOpenings } from './stock-intents';
import { DEFAULT_TAG_COLOR } from '../domain/tag';
import { type ItemImportRow, itemImportRow } from '../http/import-item-rows';

type Runtime = Pick<ServiceRuntime, 'pool' | 'client' | 'outbox' | 'config' | 'logger'>;

/** How long the stock service may take to validate or apply a whole file of stock (one command). */
const STOCK_IMPORT_TIMEOUT_MS = 300_000;
/** Rows per statement when an import writes items. */
const CHUNK = 2_000;

/** What the run of a job found: the file's rows, and every error (row 1: the header). */
interface Validation {
  total: number;
  errors: ImportRowError[];
}

const invalidRows = (errors: readonly ImportRowError[]) => new Set(errors.filter((e) => e.row > 1).map((e) => e.row)).size;

/**
 * Runs one import job to its end (docs/csv.md), for the caller that sent it: reads the file,
 * validates every row by the same schemas and policy as the API (the stock service's for stock),
 * records every error, and unless it is a dry run or a row is invalid, applies the whole file in
 * one transaction of the owning service, the job's completion with it. A run that dies half way
 * (its process killed) committed nothing: the next run, once the lease is free, starts over.
 */
export async function runImport(runtime: Runtime, job: ClaimedImport): Promise<void> {
  const table = parseCsv(csvText(job.file));
  const header = readHeader(job.kind, table.header);
  if (header.errors.length > 0) return settleValidation(runtime, job, { total: table.rows.length, errors: header.errors });
  if (job.kind === 'items') return importItems(runtime, job, table, header.columns);
  return importStock(runtime, job, table, header.columns);
}

/** Ends a job with its validation: a dry run completes listing what it found; a file with errors fails, nothing applied. */
async function settleValidation(runtime: Runtime, job: ClaimedImport, validation: Validation): Promise<void> {
  await recordOutcome(runtime, job, validation, validation.errors.length > 0 && !job.dryRun ? 'failed' : 'completed', 0);
}

async function recordOutcome(runtime: Runtime, job: ClaimedImport, validation: Validation, status: 'completed' | 'failed', applied: number, failure?: string): Promise<void> {
  const errors = sortErrors(validation.errors);
  await transact(runtime, async (tx) => {
    await recordValidation(tx, job, { total: validation.total, invalid: invalidRows(errors), errors, status: 'validating' });
    await finishImport(tx, job, status === 'completed' && !job.dryRun ? { status, applied } : status === 'completed' ? { status, applied: 0 } : { status, failure: failure ?? summary(errors) });
    await announce(tx, job, status);
  });
}

function summary(errors: readonly ImportRowError[]): string {
  return `${errors.length} error${errors.length === 1 ? '' : 's'} in the file; nothing was applied. GET /imports/{id}/errors lists them.`;
}

/** import.completed or import.failed, with the job as GET /imports/{id} answers it now that it ended. */
async function announce(tx: PoolClient, job: ClaimedImport, status: 'completed' | 'failed'): Promise<void> {
  const resource = await findImport(tx, job.workspaceId, job.id);
  await recordEvent(tx, status === 'completed' ? CatalogEvents.importCompleted : CatalogEvents.importFailed, job.workspaceId, { id: job.id, resource }, job.caller.requestId);
}

/** Ends a job no run could finish (each failed): failed with why, import.failed announced. */
export async function giveUp(runtime: Runtime, job: ClaimedImport, failure: string): Promise<void> {
  await transact(runtime, async (tx) => {
    if (await giveUpImport(tx, job, failure)) await announce(tx, job, 'failed');
  });
}

// ─── stock: counts and par levels ──────────────────────────────────────────────────────────────

/**
 * A file of stock: the catalog names the items (by SKU, its own) and asks the locations service
 * for the locations (by name or id); the stock service validates the rest by its own schemas and
 * policy and applies every row or none, once per import (StockCommands.applyImport).
 */
async function importStock(runtime: Runtime, job: ClaimedImport, table: CsvTable, columns: ReadonlyMap<string, number>): Promise<void> {
  const workspaceId = job.workspaceId;
  const rows = table.rows.map((r) => ({ row: r.row, cells: rowCells(columns, r.cells) }));
  const errors: ImportRowError[] = [];
  const skus = [...new Set(rows.flatMap((r) => (r.cells.sku ? [skuKey(r.cells.sku.trim())] : [])))];
  const items = await itemIdsBySku(runtime, workspaceId, skus);
  const locations = await resolveLocations(runtime, job, rows.flatMap((r) => (r.cells.location ? [r.cells.location] : [])));
  const resolved: ApplyStockImport['rows'] = [];
  for (const { row, cells } of rows) {
    const itemId = cells.sku === undefined ? undefined : items.get(skuKey(cells.sku.trim()));
    const locationId = cells.location === undefined ? undefined : locations.get(cells.location)?.id;
    if (cells.sku === undefined) errors.push({ row, column: 'sku', code: 'required', message: 'sku is required.' });
    else if (!itemId) errors.push({ row, column: 'sku', code: 'unknown_sku', message: `No item has SKU "${cells.sku.trim()}".` });
    if (cells.location === undefined) errors.push({ row, column: 'location', code: 'required', message: 'location is required.' });
    else if (!locationId) errors.push({ row, column: 'location', code: 'unknown_location', message: `No location is named "${cells.location.trim()}" (or has that id).` });
    if (itemId && locationId) resolved.push({ row, itemId, locationId, cells });
  }
  const outcome = StockImportOutcome.parse(
    // The caller as it sent the file, but whose owner positions are unknown: changes of items and
    // locations acknowledged since the file was sent must hold too, so the stock service asks the
    // owners how far they are before it decides.
    await runtime.client.request(STOCK_SERVICE, StockCommands.applyImport, { importId: job.id, kind: job.kind, dryRun: job.dryRun || errors.length > 0, caller: { ...job.caller, writes: 'unknown' }, rows: resolved }, {
      workspaceId,
      requestId: job.caller.requestId,
      timeoutMs: STOCK_IMPORT_TIMEOUT_MS,
    }),
  );
  const validation = { total: rows.length, errors: [...errors, ...outcome.errors] };
  if (validation.errors.length > 0 || job.dryRun) return settleValidation(runtime, job, validation);
  await recordOutcome(runtime, job, validation, 'completed', outcome.applied);
}

async function itemIdsBySku(runtime: Runtime, workspaceId: string, skuKeys: string[]): Promise<Map<string, string>> {
  if (skuKeys.length === 0) return new Map();
  const { rows } = await runtime.pool.query<{ id: string; key: string }>('SELECT id, lower(sku) AS key FROM items WHERE workspace_id = $1 AND lower(sku) = ANY($2::text[])', [workspaceId, skuKeys]);
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** The locations the refs name, as the locations service (their owner) answers: by ref. */
async function resolveLocations(runtime: Runtime, job: ClaimedImport, refs: string[]): Promise<Map<string, { id: string | null }>> {
  const unique = [...new Set(refs)];
  const found = new Map<string, { id: string | null }>();
  for (let i = 0; i < unique.length; i += 10_000) {
    const answer = ResolvedLocations.parse(
      await runtime.client.request(LOCATIONS_SERVICE, LocationCommands.resolve, { refs: unique.slice(i, i + 10_000) }, { workspaceId: job.workspaceId, requestId: job.caller.requestId }),
    );
    for (const r of answer) found.set(r.ref, { id: r.id });
  }
  return found;
}

// ─── items ─────────────────────────────────────────────────────────────────────────────────────

interface PlannedItem extends ItemImportRow {
  /** The existing item an upsert updates (by SKU). */
  existing?: { id: string; state: ItemState };
  locationId?: string;
}

/**
 * An items file: each row read by POST /items' schemas (http/import-item-rows.ts), then checked
 * against the file (a SKU or external ID twice) and the workspace (a SKU taken, in create mode;
 * opening stock at a location the caller may not write to, or that does not exist), every error
 * listed. Then, with no lock held here, what the stock service must decide first (stock-intents.ts):
 * the new items' opening stock recorded in commands of MAX_OPENING_LINES lines and
 * MAX_SERIALS_PER_REQUEST serials, and the existing items the file makes catalog-only or whose
 * tracking it changes closed to new stock. Then one catalog transaction: missing tags and
 * suppliers created, new items inserted and, in upsert mode, existing ones updated as PATCH
 * updates them, the plan's limits claimed, the item events (each taking the workspace's next owner
 * position, last) and the job completed. If it fails, the openings and closings are abandoned.
 */
async function importItems(runtime: Runtime, job: ClaimedImport, table: CsvTable, columns: ReadonlyMap<string, number>): Promise<void> {
  const errors: ImportRowError[] = [];
  const read: ItemImportRow[] = [];
  for (const { row, cells } of table.rows) {
    const parsed = itemImportRow(row, rowCells(columns, cells));
    errors.push(...parsed.errors);
    if (parsed.item) read.push(parsed.item);
  }
  const planned = await planItems(runtime, job, read, errors);
  const validation = { total: table.rows.length, errors };
  if (errors.length > 0 || job.dryRun) return settleValidation(runtime, job, validation);
  await transact(runtime, (tx) => recordValidation(tx, job, { total: validation.total, invalid: 0, errors: [], status: 'applying' }));
  await abandonEarlierOpenings(runtime, job, planned);
  const created = newItemsOf(planned);
  const openings = openingsOf(job, job.attempts, created);
  // The caller as it sent the file, but whose owner positions are unknown: locations changed since must hold too.
  const stock = stockPort(runtime, { ...job.caller, writes: 'unknown' });
  const closes = new Map(
    planned.flatMap((p) => {
      const purpose = p.existing && closingPurpose(p.existing.state, { trackStock: p.fields.trackStock, tracking: p.fields.tracking });
      return p.existing && purpose ? [[p.existing.id, purpose] as const] : [];
    }),
  );
  try {
    const applied = await withItemsClosed(stock, closes, (closing) =>
      withOpenings(stock, openings, (openingsHeld) =>
        transactOnce(
          runtime,
          async (tx) => {
            const outcome = await applyItems(tx, job, planned, created, closing);
            await finishImport(tx, job, { status: 'completed', applied: outcome.applied });
            await announce(tx, job, 'completed');
            closing?.stillHeld();
            openingsHeld();
            return outcome;
          }
        ),
      ).then(({ result }) => ({ result: result.applied, confirmed: result.confirmed })),
    );
    runtime.logger.info({ importId: job.id, applied }, 'import applied');
  } catch (err) {
    const failure = err instanceof AppError ? err.message : isUniqueViolation(err) ? 'An item, tag or supplier of the file was created at the same time by another request; nothing was applied. Send the file again.' : undefined;
    if (failure === undefined) throw err;
    await recordOutcome(runtime, job, validation, 'failed', 0, failure);
  }
}

/** Checks the rows against each other and the workspace; answers the rows as they will be applied. */
async function planItems(runtime: Runtime, job: ClaimedImport, rows: ItemImportRow[], errors: ImportRowError[]): Promise<PlannedItem[]> {
  const { caller } = job;
  const firstSku = new Map<string, number>();
  const firstExternal = new Map<string, number>();
  const unique: ItemImportRow[] = [];
  for (const r of rows) {
    const key = skuKey(r.sku);
    const earlier = firstSku.get(key);
    if (earlier !== undefined) {
      errors.push({ row: r.row, column: 'sku', code: 'duplicate_sku', message: `SKU "${r.sku}" is also on row ${earlier}; SKUs are unique case-insensitively.` });
      continue;
    }
    firstSku.set(key, r.row);
    const external = r.fields.externalId;
    const earlierExternal = external === undefined ? undefined : firstExternal.get(external);
    if (earlierExternal !== undefined) {
      errors.push({ row: r.row, column: 'externalId', code: 'duplicate_external_id', message: `externalId "${external}" is also on row ${earlierExternal}.` });
      continue;
    }
    if (external !== undefined) firstExternal.set(external, r.row);
    unique.push(r);
  }
  const existing = await existingItems(runtime, job.workspaceId, unique.map((r) => skuKey(r.sku)));
  const externalIds = unique.flatMap((r) => (r.fields.externalId !== undefined ? [r.fields.externalId] : []));
  const taken = await takenKeys(runtime.pool, job.workspaceId, [], externalIds);
  const refs = unique.flatMap((r) => (r.locationRef !== undefined ? [r.locationRef] : []));
  const locations = refs.length > 0 ? await resolveLocations(runtime, job, refs) : new Map<string, { id: string | null }>();
  const planned: PlannedItem[] = [];
  for (const r of unique) {
    const current = existing.get(skuKey(r.sku));
    if (current && job.mode === 'create') {
      errors.push({ row: r.row, column: 'sku', code: 'sku_taken', message: `An item with SKU "${r.sku}" already exists; import with mode=upsert to update it.` });
      continue;
    }
    if (r.fields.externalId !== undefined && taken.externalIds.has(r.fields.externalId) && current?.externalId !== r.fields.externalId) {
      errors.push({ row: r.row, column: 'externalId', code: 'external_id_taken', message: `externalId "${r.fields.externalId}" belongs to another item.` });
      continue;
    }
    const opening = (r.quantity ?? 0) > 0;
    const unitColumn = Object.keys(r.units)[0];
    if (current && (opening || r.locationRef !== undefined || unitColumn !== undefined)) {
      const column = opening || r.locationRef !== undefined ? 'quantity' : unitColumn!;
      errors.push({ row: r.row, column, code: 'opening_on_existing', message: 'Opening stock is for new items only; record a receipt or a count for an existing one.' });
      continue;
    }
    const tracking = current?.state.tracking ?? 'none';
    const refusal = trackingRefusal({ trackStock: r.fields.trackStock ?? current?.state.trackStock ?? true, tracking: r.fields.tracking ?? tracking });
    if (refusal) {
      errors.push({ row: r.row, column: 'tracking', code: 'catalog_only', message: refusal.message });
      continue;
    }
    const unitErrors = unitRefusals({ tracking: r.fields.tracking ?? tracking, quantity: r.quantity ?? 0, ...r.units });
    if (unitErrors.length > 0) {
      errors.push(...unitErrors.map(({ field, message }) => ({ row: r.row, column: field, code: 'invalid_value', message: `${field} ${message}.` })));
      continue;
    }
    let locationId: string | undefined;
    if (opening) {
      locationId = r.locationRef === undefined ? (caller.workspace.defaultLocationId ?? undefined) : (locations.get(r.locationRef)?.id ?? undefined);
      if (locationId === undefined) {
        const message = r.locationRef === undefined ? 'The workspace has no default location; give a location for the opening quantity.' : `No location is named "${r.locationRef}" (or has that id).`;
        errors.push({ row: r.row, column: 'location', code: 'unknown_location', message });
        continue;
      }
      if (!canAccessLocation(caller.locationAccess, locationId, 'write')) {
        errors.push({ row: r.row, column: 'location', code: 'forbidden', message: `Opening stock at location ${r.locationRef ?? locationId} needs write access to it, which this member does not have.` });
        continue;
      }
    }
    planned.push({ ...r, existing: current && { id: current.id, state: current.state }, locationId });
  }
  return planned;
}

async function existingItems(runtime: Runtime, workspaceId: string, skuKeys: string[]): Promise<Map<string, { id: string; state: ItemState; externalId: string | null }>> {
  const found = new Map<string, { id: string; state: ItemState; externalId: string | null }>();
  for (const [key, item] of await itemsBySku(runtime.pool, workspaceId, skuKeys)) found.set(key, { ...item, externalId: item.state.externalId });
  return found;
}

/** A row that creates an item, with the item it creates (its id chosen now: the opening names it before the item is inserted). */
interface CreatedItem {
  row: PlannedItem;
  item: NewItem;
}

function newItemsOf(planned: readonly PlannedItem[]): CreatedItem[] {
  return planned
    .filter((p) => !p.existing)
    .map((p) => ({
      row: p,
      item: {
        id: newId(),
        sku: p.sku,
        description: p.fields.description ?? '',
        externalId: p.fields.externalId ?? null,
        // Named by supplier, resolved (or created) in the transaction.
        supplierId: null,
        cost: p.fields.cost ?? 0,
        sellPrice: p.fields.sellPrice ?? 0,
        trackStock: p.fields.trackStock ?? true,
        tracking: p.fields.tracking ?? 'none',
        lowStockThreshold: p.fields.lowStockThreshold ?? null,
      },
    }));
}

/**
 * A run's openings, in commands (openingCommands), each named by the job, the run and the command,
 * so a later run can abandon them. Each line carries the units its row named, as given, with the
 * item's tracking: the stock ledger decides them.
 */
function openingsOf(job: ClaimedImport, attempt: number, created: readonly CreatedItem[]): Opening[] {
  const lines = created.flatMap(({ row, item }) =>
    row.locationId !== undefined
      ? [{ item: { id: item.id, sku: item.sku, description: item.description, trackStock: item.trackStock, tracking: item.tracking, lowStockThreshold: item.lowStockThreshold }, locationId: row.locationId, quantity: row.quantity!, ...row.units }]
      : [],
  );
  return openingCommands(lines).map((command, i) => ({ operationId: namedId(`import ${job.id} run ${attempt} opening ${i}`), lines: command }));
}

/** A run after one that died: the openings that run may have recorded, for items it never committed, are abandoned first. */
async function abandonEarlierOpenings(runtime: Runtime, job: ClaimedImport, planned: readonly PlannedItem[]): Promise<void> {
  const perRun = openingCommands(planned.filter((p) => !p.existing && p.locationId !== undefined).map((p) => p.units)).length;
  const earlier = Array.from({ length: job.attempts - 1 }, (_, run) => Array.from({ length: perRun }, (__, i) => namedId(`import ${job.id} run ${run + 1} opening ${i}`))).flat();
  if (earlier.length > 0) await transact(runtime, (tx) => recordEvents(tx, CatalogEvents.openingAbandoned, job.workspaceId, earlier.map((operationId) => ({ operationId })), job.caller.requestId));
}

/**
 * The file applied in the catalog's transaction: tags and suppliers it names, created when
 * missing; the new items (in statements of CHUNK rows); the plan's limit; the existing items
 * updated; then every item event, each taking the workspace's next owner position (last: the
 * workspace's owner counter is locked from then to COMMIT). Answers how many rows it applied and
 * the items whose change confirmed the closing.
 */
async function applyItems(tx: PoolClient, job: ClaimedImport, planned: PlannedItem[], created: readonly CreatedItem[], closing: Closing | undefined): Promise<{ applied: number; confirmed: string[] }> {
  const { caller, workspaceId } = job;
  const tagIds = await ensureTags(tx, caller, planned);
  const supplierIds = await ensureSuppliers(tx, caller, planned);
  const tagsOf = (p: PlannedItem) => p.tagNames?.map((n) => tagIds.get(n.toLowerCase())!);
  const newItems = created.map(({ row, item }) => ({ ...item, supplierId: row.supplierName === undefined ? null : supplierIds.get(row.supplierName.toLowerCase())! }));
  const createdEvents: ReturnType<typeof itemChanged>[] = [];
  for (let from = 0; from < newItems.length; from += CHUNK) {
    const chunk = newItems.slice(from, from + CHUNK);
    const versions = await insertItems(tx, workspaceId, caller.user.id, chunk);
    await setItemTags(tx, workspaceId, created.slice(from, from + CHUNK).flatMap(({ row }, i) => (row.tagNames ? [{ itemId: chunk[i]!.id, tagIds: tagsOf(row)! }] : [])));
    const loaded = await loadItems(tx, workspaceId, chunk.map((i) => i.id));
    createdEvents.push(...loaded.map((item) => itemChanged(item, versions.get(item.id)!)));
  }
  await claimPlanQuota(tx, workspaceId, planQuota(caller.workspace, 'items'), IN_USE.items, newItems.length);
  const updated = await updateExisting(tx, caller, planned, tagsOf, supplierIds, closing);
  await recordOwnerEvents(tx, CatalogEvents.itemCreated, workspaceId, createdEvents, caller.requestId);
  await recordOwnerEvents(tx, CatalogEvents.itemUpdated, workspaceId, updated.events, caller.requestId);
  return { applied: newItems.length + updated.applied, confirmed: updated.confirmed };
}

/** The tags the rows name, created when the workspace has none of that name (with tag.created and the plan's limit): by lowercased name. */
async function ensureTags(tx: PoolClient, caller: Caller, planned: readonly PlannedItem[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const p of planned) for (const n of p.tagNames ?? []) if (!names.has(n.toLowerCase())) names.set(n.toLowerCase(), n);
  const found = await findTags(tx, caller.workspace.id, [], [...names.keys()]);
  const ids = new Map(found.map((t) => [t.name.toLowerCase(), t.id]));
  const missing = [...names].filter(([key]) => !ids.has(key)).map(([key, name]) => ({ key, tag: { id: newId(), name, color: DEFAULT_TAG_COLOR } }));
  await insertTags(tx, caller.workspace.id, missing.map((m) => m.tag));
  await recordEvents(tx, CatalogEvents.tagCreated, caller.workspace.id, missing.map((m) => m.tag), caller.requestId);
  if (missing.length > 0) await claimPlanQuota(tx, caller.workspace.id, planQuota(caller.workspace, 'tags'), IN_USE.tags, missing.length);
  for (const m of missing) ids.set(m.key, m.tag.id);
  return ids;
}

/** ensureTags for suppliers, by name. */
async function ensureSuppliers(tx: PoolClient, caller: Caller, planned: readonly PlannedItem[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const p of planned) if (p.supplierName !== undefined && !names.has(p.supplierName.toLowerCase())) names.set(p.supplierName.toLowerCase(), p.supplierName);
  const ids = await findSuppliersByName(tx, caller.workspace.id, [...names.keys()]);
  const missing = [...names].filter(([key]) => !ids.has(key)).map(([key, name]) => ({ key, supplier: { id: newId(), name, email: '', phone: '' } }));
  await insertSuppliers(tx, caller.workspace.id, missing.map((m) => m.supplier));
  // Owner events: the stock service copies suppliers (purchase orders) and counts the catalog's positions.
  await recordOwnerEvents(tx, CatalogEvents.supplierCreated, caller.workspace.id, missing.map((m) => m.supplier), caller.requestId);
  if (missing.length > 0) await claimPlanQuota(tx, caller.workspace.id, planQuota(caller.workspace, 'suppliers'), IN_USE.suppliers, missing.length);
  for (const m of missing) ids.set(m.key, m.supplier.id);
  return ids;
}

/**
 * Upsert: each existing item changed as PATCH /items/{id} changes it (only the fields the row
 * gives), its item.updated answered (recorded by the caller, last). An item the file makes
 * catalog-only, or whose tracking it changes, was closed by the stock service first (`closing`);
 * its event names the attempt.
 * Answers how many rows it applied (unchanged ones count: they were applied), the events, and the
 * items whose change confirmed the closing.
 */
async function updateExisting(
  tx: PoolClient,
  caller: Caller,
  planned: readonly PlannedItem[],
  tagsOf: (p: PlannedItem) => string[] | undefined,
  supplierIds: ReadonlyMap<string, string>,
  closing: Closing | undefined,
): Promise<{ applied: number; events: ReturnType<typeof itemChanged>[]; confirmed: string[] }> {
  const workspaceId = caller.workspace.id;
  const existing = planned.filter((p) => p.existing);
  // As they are now, locked: the validation read them without a lock.
  const locked = await itemsBySku(tx, workspaceId, existing.map((p) => skuKey(p.sku)), { lock: true });
  const events: ReturnType<typeof itemChanged>[] = [];
  const confirmed: string[] = [];
  for (const p of existing) {
    const current = locked.get(skuKey(p.sku));
    if (!current || current.id !== p.existing!.id) throw new Conflict(`Item "${p.sku}" (row ${p.row}) changed while the import was validated; nothing was applied. Send the file again.`);
    const patch: Partial<ItemState> = { sku: p.sku, ...p.fields, tagIds: tagsOf(p) };
    if (p.supplierName !== undefined) patch.supplierId = supplierIds.get(p.supplierName.toLowerCase())!;
    const changes = itemChanges(current.state, patch);
    if (Object.keys(changes).length === 0) continue;
    // An item that changed since the file was read may now need a decision of the stock service it
    // was not closed for (it tracks stock again, its tracking moved), or become a tracked
    // catalog-only item: it cannot be applied safely now.
    const changedMeanwhile = () => new Conflict(`Item "${p.sku}" (row ${p.row}) changed while the import was validated; nothing was applied. Send the file again.`);
    if (trackingRefusal({ ...current.state, ...changes })) throw changedMeanwhile();
    const attempt = confirmedAttempt(closing, current.id, closingPurpose(current.state, changes), changedMeanwhile);
    const version = await nextItemVersion(tx);
    await updateItem(tx, workspaceId, current.id, changes, version);
    if (changes.tagIds) await setItemTags(tx, workspaceId, [{ itemId: current.id, tagIds: changes.tagIds }]);
    const [item] = await loadItems(tx, workspaceId, [current.id]);
    events.push(itemChanged(item as Item, version, attempt));
    if (attempt) confirmed.push(current.id);
  }
  return { applied: existing.length, events, confirmed };
}
