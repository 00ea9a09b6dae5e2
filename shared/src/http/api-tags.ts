/** The document's tags, in the order a reader meets them; every operation takes one of these. */
export const API_TAGS = {
  Discovery: 'Where to start, without a key: the API reference, this document and how to authenticate.',
  Workspaces: 'The workspaces the key can reach, with plan, limits and live usage. Every other call acts on one workspace.',
  Locations: 'Warehouses, vans, trucks and sites that hold stock; a member may be restricted to some of them.',
  Items: 'The catalog: SKUs with prices, supplier, tags and low-stock threshold, with optional opening stock, filters and counts.',
  Tags: 'Labels for items; an item carries any number of them.',
  Suppliers: 'Who items are bought from.',
  Inventory: 'Stock balances per item and location, and the immutable ledger of movements (receipts, adjustments, counts).',
  Transfers: 'Stock moved between two locations, at once or through pending → completed / rejected / cancelled, and reverted.',
  Jobs: 'Materials for a job: reserved at a van, used on completion with the rest given back, priced and costed, and reversible (docs/jobs.md).',
  'Purchase orders': 'Stock bought from suppliers: drafted (by hand or by replenishment), submitted, received in partial receipts with their cost, closed or cancelled, and receipts reverted (docs/purchasing.md).',
  Imports: 'CSV files in: items, physical counts and par levels, validated row by row (with a dry run listing every error) and applied all or nothing as a job (docs/csv.md).',
  Exports: 'CSV files out, streamed: the items (in the import columns), the balances and the movements, spreadsheet-safe.',
  Webhooks: 'Endpoints that receive every change as it happens (Standard Webhooks: signed, retried for days, never pointed inward), and their deliveries log. The events and their payloads are listed under Webhooks in this document (OpenAPI webhooks).',
} as const;

export type ApiTag = keyof typeof API_TAGS;
