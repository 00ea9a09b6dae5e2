import type { InventoryClient } from '@inv/client';

/**
 * What `npm run demo` puts in a new workspace, through the public API as any client would: a
 * field-service business with a warehouse and two vans refilled from it, parts with cost and
 * sell price, stock on every van and par levels that leave some below par, so that
 * `GET /inventory/replenishment` has something to propose.
 *
 * Every step is one call, or a few, that each take effect once: POSTs carry an Idempotency-Key
 * named after the step, PUT and PATCH set state. So a run stopped at any step is finished by
 * running the steps again on the same workspace (`npm run demo -- --resume <workspace>`): what was
 * done answers as before (Idempotent-Replayed, within the keys' 24 hours), and the rest is done.
 */

export const WAREHOUSE_NAME = 'Main Warehouse';
export const VANS = [
  { key: 'van-1', name: 'Van 1 (Alex)' },
  { key: 'van-2', name: 'Van 2 (Sam)' },
] as const;

/** The parts, with what the warehouse receives as opening stock and what each van carries. */
export const PARTS = [
  { sku: 'FLT-16251', description: 'Furnace filter 16x25x1', cost: 4.2, sellPrice: 12.5, lowStockThreshold: 20, warehouse: 60, vans: [6, 2], par: { minimum: 6, target: 10 } },
  { sku: 'CAP-4505', description: 'Run capacitor 45/5 µF', cost: 9.8, sellPrice: 34, lowStockThreshold: 8, warehouse: 25, vans: [2, 1], par: { minimum: 3, target: 4 } },
  { sku: 'TSTAT-PRO', description: 'Programmable thermostat', cost: 38, sellPrice: 119, lowStockThreshold: 4, warehouse: 12, vans: [0, 1], par: { minimum: 1, target: 1 } },
  { sku: 'VLV-075', description: 'Ball valve 3/4 in', cost: 6.1, sellPrice: 18, lowStockThreshold: 10, warehouse: 40, vans: [4, 0], par: { minimum: 2, target: 4 } },
  { sku: 'TAPE-PTFE', description: 'PTFE thread tape', cost: 0.6, sellPrice: 2.5, lowStockThreshold: 50, warehouse: 200, vans: [10, 5], par: { minimum: 5, target: 10 } },
] as const;

/** What the steps made, as they go: ids the next steps need and the summary prints. */
export interface DemoWorld {
  workspaceId: string;
  warehouseId: string;
  vanIds: string[];
  /** By SKU. */
  itemIds: Record<string, string>;
}

export interface DemoStep {
  /** Said while it runs, and named when it fails. */
  name: string;
  /** What it leaves, for the summary of what exists. */
  made: string;
  run(api: InventoryClient, world: DemoWorld): Promise<void>;
}

/** The answer's body, or throws with the API's own error message (the envelope's). */
function answer<T>(what: string, res: { data?: T; error?: unknown; response: Response }): T {
  if (res.data !== undefined && res.response.ok) return res.data;
  const message = (res.error as { error?: { code?: string; message?: string } } | undefined)?.error;
  throw new Error(`${what}: ${res.response.status} ${message?.code ?? ''} ${message?.message ?? res.response.statusText}`.replace(/\s+/g, ' ').trim());
}

const key = (step: string) => ({ header: { 'Idempotency-Key': `demo-${step}` } });

/** The demo's job: parts Van 1 carries (PARTS' vans[0]), reserved for it. */
export const JOB = {
  name: 'Furnace service, 12 Elm St',
  externalRef: 'WO-1001',
  note: 'Annual service; customer asked for a thermostat quote.',
  parts: [
    { sku: 'FLT-16251', quantity: 2 },
    { sku: 'VLV-075', quantity: 1 },
    { sku: 'TAPE-PTFE', quantity: 1 },
  ],
} as const;

/** 08:00 UTC tomorrow. */
function tomorrowAtEight(now = new Date()): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 8));
  return day.toISOString();
}

export const DEMO_STEPS: DemoStep[] = [
  {
    name: 'the warehouse',
    made: `"${WAREHOUSE_NAME}" (the workspace's default location, renamed)`,
    run: async (api, world) => {
      answer('PATCH /locations/{id}', await api.PATCH('/locations/{id}', { params: { path: { id: world.warehouseId } }, body: { name: WAREHOUSE_NAME, note: 'Where every van is refilled from' } }));
    },
  },
  {
    name: 'two vans refilled from the warehouse',
    made: VANS.map((v) => `"${v.name}"`).join(' and ') + `, each with replenishFrom "${WAREHOUSE_NAME}"`,
    run: async (api, world) => {
      world.vanIds = [];
      for (const van of VANS) {
        const created = answer('POST /locations', await api.POST('/locations', { params: key(van.key), body: { name: van.name, type: 'van', icon: 'van' } }));
        answer('PATCH /locations/{id}', await api.PATCH('/locations/{id}', { params: { path: { id: created.id } }, body: { replenishFrom: world.warehouseId } }));
        world.vanIds.push(created.id);
      }
    },
  },
  {
    name: 'parts with cost, sell price and opening stock at the warehouse',
    made: `${PARTS.length} items (${PARTS.map((p) => p.sku).join(', ')}) with their opening stock at "${WAREHOUSE_NAME}"`,
    run: async (api, world) => {
      const body = PARTS.map((p) => ({ sku: p.sku, description: p.description, cost: p.cost, sellPrice: p.sellPrice, lowStockThreshold: p.lowStockThreshold, quantity: p.warehouse, locationId: world.warehouseId }));
      const items = answer('POST /items/bulk', await api.POST('/items/bulk', { params: key('parts'), body }));
      world.itemIds = Object.fromEntries(items.map((item) => [item.sku, item.id]));
    },
  },
  {
    name: 'stock on the vans',
    made: 'one transfer from the warehouse to each van',
    run: async (api, world) => {
      for (const [index, vanId] of world.vanIds.entries()) {
        const lines = PARTS.filter((p) => p.vans[index]! > 0).map((p) => ({ itemId: world.itemIds[p.sku]!, quantity: p.vans[index]! }));
        answer('POST /inventory/transfers', await api.POST('/inventory/transfers', { params: key(`stock-${VANS[index]!.key}`), body: { fromLocationId: world.warehouseId, toLocationId: vanId, lines, note: 'Loading the van' } }));
      }
    },
  },
  {
    name: 'par levels on the vans',
    made: `a par level for every part on each van (${PARTS.length * VANS.length}), some of them below par`,
    run: async (api, world) => {
      for (const vanId of world.vanIds) {
        for (const part of PARTS) {
          const path = { itemId: world.itemIds[part.sku]!, locationId: vanId };
          answer('PUT /inventory/par-levels/{itemId}/{locationId}', await api.PUT('/inventory/par-levels/{itemId}/{locationId}', { params: { path }, body: part.par }));
        }
      }
    },
  },
  {
    name: "tomorrow's job at Van 1, its parts reserved",
    made: `a job "${JOB.name}" scheduled for tomorrow 08:00 at "${VANS[0].name}", its parts reserved there`,
    run: async (api, world) => {
      const lines = JOB.parts.map((p) => ({ itemId: world.itemIds[p.sku]!, quantity: p.quantity }));
      answer('POST /jobs', await api.POST('/jobs', { params: key('job'), body: { name: JOB.name, externalRef: JOB.externalRef, sourceLocationId: world.vanIds[0]!, scheduledAt: tomorrowAtEight(), note: JOB.note, reserve: true, lines } }));
    },
  },
];
