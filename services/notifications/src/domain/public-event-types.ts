/**
 * The public event types a webhook may subscribe to (issue #23): the contract with receivers,
 * separate from the internal messages between services, which may change without breaking it.
 * A type is added here when its payload is; it is never renamed or removed once published.
 */
export const PUBLIC_EVENT_TYPES = [
  'transfer.pending',
  'transfer.completed',
  'transfer.rejected',
  'transfer.cancelled',
  'transfer.reverted',
  'stock.changed',
  'stock.below_par',
  'stock.par_restored',
  'item.created',
  'item.updated',
  'item.deleted',
  'item.stock_low',
  'item.stock_out',
  'item.stock_ok',
  'location.created',
  'location.updated',
  'location.deleted',
  'import.completed',
  'import.failed',
  'job.completed',
  'job.cancelled',
  'job.reverted',
  'purchase_order.submitted',
  'purchase_order.received',
  'purchase_order.closed',
  'purchase_order.cancelled',
  'purchase_order.receipt_reverted',
  'webhook.test',
] as const;
export type PublicEventType = (typeof PUBLIC_EVENT_TYPES)[number];
