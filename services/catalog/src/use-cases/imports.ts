import { type Caller, csvText, Forbidden, NotFound, newId, parseCsv, requireImportRows, type Scope } from '@inv/shared/core';
import type { EffectGuard } from '@inv/shared/db';
import type { PageRequest, TimeIdKey } from '@inv/shared/http';
import { type ServiceRuntime, transact } from '@inv/shared/runtime';
import { findImport, importErrors, insertImport, listImports } from '../data/import-repository';
import type { Import, ImportKind, ImportMode } from '../domain/import-job';
import type { ImportWorker } from './import-worker';

/** What the import routes need: the service runtime, and the worker to wake once a job is queued. */
export interface ImportDeps extends ServiceRuntime {
  imports: Pick<ImportWorker, 'kick'>;
}

/** The scope each kind's data needs besides imports.write: an items file writes the catalog, the others the stock. */
const DATA_SCOPE: Record<ImportKind, Scope> = { items: 'items.write', 'stock-counts': 'inventory.write', 'par-levels': 'inventory.write' };

/**
 * Queues an import of `file` (docs/csv.md) and answers the job: what can be refused from the file
 * alone is refused here, before anything is kept (403 without the data's scope; 400 for a file
 * that is not UTF-8 CSV; 403 exceeded_limit past the plan's rows per import); the rest is the
 * job's (its errors list every refused row). The job runs once the transaction commits, for this
 * caller, under the Idempotency-Key's guard (the same file sent twice with one key is queued once).
 */
export async function submitImport(
  deps: ImportDeps,
  caller: Caller,
  request: { kind: ImportKind; mode: ImportMode; dryRun: boolean; file: Buffer },
  guard: EffectGuard<Import>,
): Promise<Import> {
  const scope = DATA_SCOPE[request.kind];
  if (!caller.scopes.includes(scope)) throw new Forbidden(`Importing ${request.kind} needs the ${scope} scope besides imports.write.`);
  if (request.mode === 'upsert' && request.kind !== 'items') throw new Forbidden('mode=upsert is for items files only.');
  const table = parseCsv(csvText(request.file));
  requireImportRows(caller.workspace.plan, table.rows.length, caller.workspace.id);
  const job = await transact(deps, async (tx) => {
    await guard.begin(tx);
    const created = await insertImport(tx, caller.workspace.id, { id: newId(), ...request, caller, rowsTotal: table.rows.length, now: new Date() });
    await guard.finish(tx, created);
    return created;
  });
  deps.imports.kick();
  return job;
}

export async function getImport(deps: Pick<ServiceRuntime, 'pool'>, caller: Caller, id: string): Promise<Import> {
  const job = await findImport(deps.pool, caller.workspace.id, id);
  if (!job) throw new NotFound('Import');
  return job;
}

export async function listImportsOf(deps: Pick<ServiceRuntime, 'pool'>, caller: Caller, page: PageRequest<TimeIdKey>) {
  return listImports(deps.pool, caller.workspace.id, page);
}

export async function importErrorsOf(deps: Pick<ServiceRuntime, 'pool'>, caller: Caller, id: string, page: { limit: number; offset: number }) {
  const found = await importErrors(deps.pool, caller.workspace.id, id, page);
  if (!found) throw new NotFound('Import');
  return found;
}
