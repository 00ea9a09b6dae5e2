import { type Caller, CatalogEvents, Conflict, newId, planQuota, type Positioned } from '@inv/shared/core';
import { claimPlanQuota, type EffectGuard, isUniqueViolation } from '@inv/shared/db';
import { recordOwnerEvents } from '@inv/shared/messaging';
import { type ServiceRuntime, transact } from '@inv/shared/runtime';
import { IN_USE } from '../data/counters';
import { insertSupplier } from '../data/supplier-repository';
import type { Supplier } from '../domain/supplier';

/**
 * Answers the supplier with the owner position its supplier.created took (the stock service copies
 * suppliers for purchase orders: a caller's next order waits for the copy). Throws LimitExceeded
 * past the plan's supplier limit and Conflict for a name taken case-insensitively.
 */
export async function createSupplier(runtime: ServiceRuntime, context: Caller, input: { name: string; email?: string; phone?: string }, guard: EffectGuard<Supplier>): Promise<Positioned<Supplier>> {
  const { workspace } = context;
  const supplier: Supplier = { id: newId(), name: input.name, email: input.email ?? '', phone: input.phone ?? '' };
  try {
    return await transact(runtime, async (tx) => {
      await guard.begin(tx);
      await insertSupplier(tx, workspace.id, supplier);
      await claimPlanQuota(tx, workspace.id, planQuota(workspace, 'suppliers'), IN_USE.suppliers);
      await guard.finish(tx, supplier);
      // Last: the owner position is taken under the workspace's counter lock, held to COMMIT.
      const { position } = await recordOwnerEvents(tx, CatalogEvents.supplierCreated, workspace.id, [supplier], context.requestId);
      return { result: supplier, position };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'suppliers_workspace_name')) throw new Conflict(`A supplier named "${input.name}" already exists (supplier names are unique case-insensitively).`);
    throw err;
  }
}
