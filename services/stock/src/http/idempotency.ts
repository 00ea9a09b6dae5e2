import { createHash } from 'node:crypto';
import { BadRequest, Conflict, ctx, type Pool } from '@inv/shared';
import type { Request, Response } from 'express';
import { claimKey, findStoredResponse, storeResponse, type IdempotencyScope, type StoredResponse } from '../data/idempotency-repository';
import { UNGUARDED, type EffectGuard } from '../use-cases/actor';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export const IDEMPOTENCY_DESCRIPTION = `Optional \`${IDEMPOTENCY_HEADER}\` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with \`Idempotent-Replayed: true\`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use.`;

/** Thrown inside the effect's transaction when a concurrent request committed the same key first. */
class KeyAlreadyUsed extends Error {}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

function replay(res: Response, stored: StoredResponse, fingerprint: string, key: string): void {
  if (stored.fingerprint !== fingerprint) throw new Conflict(`Idempotency-Key "${key}" was already used with a different request body.`);
  res.setHeader('Idempotent-Replayed', 'true');
  res.status(stored.status).json(stored.body);
}

/**
 * Answers `run` under the request's Idempotency-Key, if it has one. `run` receives the guard
 * to call inside its transaction; its result is stored with the key before that commit.
 */
export async function respondIdempotently(req: Request, res: Response, pool: Pool, endpoint: string, run: (guard: EffectGuard) => Promise<{ status: number; body: unknown }>): Promise<void> {
  const key = req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) {
    const result = await run(UNGUARDED);
    res.status(result.status).json(result.body);
    return;
  }
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw new BadRequest(`${IDEMPOTENCY_HEADER} must be 1 to 255 printable ASCII characters without spaces.`);
  const context = ctx(req);
  const scope: IdempotencyScope = { workspaceId: context.workspace.id, userId: context.user.id, endpoint, key };
  const fingerprint = createHash('sha256').update(JSON.stringify(canonical(req.body ?? null))).digest('hex');
  const stored = await findStoredResponse(pool, scope);
  if (stored) return replay(res, stored, fingerprint, key);
  const guard: EffectGuard = {
    begin: async (tx) => {
      if (!(await claimKey(tx, scope, fingerprint))) throw new KeyAlreadyUsed();
    },
    finish: (tx, status, body) => storeResponse(tx, scope, status, body),
  };
  try {
    const result = await run(guard);
    res.status(result.status).json(result.body);
  } catch (err) {
    if (!(err instanceof KeyAlreadyUsed)) throw err;
    const winner = await findStoredResponse(pool, scope);
    if (!winner) throw new Conflict(`A request with Idempotency-Key "${key}" just completed; retry to receive its response.`);
    replay(res, winner, fingerprint, key);
  }
}
