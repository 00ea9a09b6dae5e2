import type { Caller } from './caller';
import type { Scope } from './access';

/**
 * Costs are as sensitive as keys (docs/decisions.md#costs-and-their-scope): what an item costs, its
 * average cost, a movement's or a job line's unit cost and a job's cost total are shown only to
 * callers whose key and role grant this scope; to the others those fields are null. Selling prices
 * are not costs. A purchase order's prices are shown with purchase_orders.read: buying needs them.
 */
export const COST_SCOPE: Scope = 'valuation.read';

export function seesCosts(caller: Pick<Caller, 'scopes'>): boolean {
  return caller.scopes.includes(COST_SCOPE);
}

/** `body` with the value of every field named in `fields`, at any depth, replaced by null. */
export function withoutCosts<T>(body: T, fields: ReadonlySet<string>): T {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fields.has(key) ? null : strip(inner)]));
  };
  return strip(body) as T;
}
