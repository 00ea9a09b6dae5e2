import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Pool } from 'pg';
import { timeLeft, TOO_LATE_TO_START_MS } from '../deadline';
import { BadRequest, Conflict, Contention } from '../errors';
import { ctx } from '../http/service-app';
import { type EffectGuard, UNGUARDED } from './effect-guard';
import { claimKey, claimKeyAhead, findStoredResponse, type IdempotencyScope, releaseKey, type StoredResponse, storeResponse } from './key-repository';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

export const IDEMPOTENCY_DESCRIPTION = `Optional \`${IDEMPOTENCY_HEADER}\` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with \`${REPLAYED_HEADER}: true\`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use.`;

/** How an idempotent POST answers. */
export interface IdempotentEndpoint<Result> {
  /** Scopes the key with the workspace and the member, e.g. `POST /items`; actions on one resource include its (lowercased) id. */
  endpoint: string;
  /** The status of a success. */
  status: number;
  /** The response body for the use case's result; the result itself when absent. */
  body?: (result: Result) => unknown;
  /** Runs before a stored answer is replayed, e.g. to set headers a fresh answer would carry. */
  beforeReplay?: () => Promise<void>;
  /** Headers the answer carries that follow from its body (a Location), on a fresh answer and a replay alike. */
  headers?: (body: unknown) => Record<string, string>;
}

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

/** The body as the fingerprint sees it: none and `{}` are one request (actions take an optional body); a file (CSV_UPLOAD) by its digest. */
function sentBody(req: Request): unknown {
  const body: unknown = req.body;
  if (body === undefined && req.rawBody && req.rawBody.length > 0) return { file: createHash('sha256').update(req.rawBody).digest('hex') };
  const empty = body === undefined || (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0);
  return empty ? null : body;
}

function replay(res: Response, stored: StoredResponse, fingerprint: string, key: string, headers?: (body: unknown) => Record<string, string>): void {
  if (stored.fingerprint !== fingerprint) throw new Conflict(`Idempotency-Key "${key}" was already used with a different request body.`);
  res.setHeader(REPLAYED_HEADER, 'true');
  for (const [name, value] of Object.entries(headers?.(stored.body) ?? {})) res.setHeader(name, value);
  res.status(stored.status).json(stored.body);
}

/**
 * Answers `run` under the request's Idempotency-Key, if it has one. `run` passes the guard to
 * the use case, which calls it inside its transaction (begin first, finish with its result
 * before commit), so the response is stored in the service's own schema with the effect.
 * Throws BadRequest for a malformed key and Conflict for a key used with another body.
 */
export async function respondIdempotently<Result>(
  req: Request,
  res: Response,
  pool: Pool,
  endpoint: IdempotentEndpoint<Result>,
  run: (guard: EffectGuard<Result>) => Promise<Result>,
): Promise<void> {
  const present = endpoint.body ?? ((result: Result) => result);
  const key = req.header(IDEMPOTENCY_HEADER);
  const send = (body: unknown) => {
    for (const [name, value] of Object.entries(endpoint.headers?.(body) ?? {})) res.setHeader(name, value);
    res.status(endpoint.status).json(body);
  };
  if (key === undefined) {
    send(present(await run(UNGUARDED)));
    return;
  }
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw new BadRequest(`${IDEMPOTENCY_HEADER} must be 1 to 255 printable ASCII characters without spaces.`, IDEMPOTENCY_HEADER);
  const context = ctx(req);
  const scope: IdempotencyScope = { workspaceId: context.workspace.id, userId: context.user.id, endpoint: endpoint.endpoint, key };
  const fingerprint = createHash('sha256').update(JSON.stringify(canonical(sentBody(req)))).digest('hex');
  const stored = await findStoredResponse(pool, scope);
  if (stored) {
    await endpoint.beforeReplay?.();
    return replay(res, stored, fingerprint, key, endpoint.headers);
  }
  let claimedAhead = false;
  const guard: EffectGuard<Result> = {
    claimAhead: async () => {
      // A twin holding the key: wait for its answer (this request then answers it too), or for its claim to go.
      for (let pauseMs = 10; !(await claimKeyAhead(pool, scope, fingerprint)); pauseMs = Math.min(pauseMs * 2, 200)) {
        if (await findStoredResponse(pool, scope)) throw new KeyAlreadyUsed();
        const left = timeLeft();
        if (left !== undefined && left < pauseMs + TOO_LATE_TO_START_MS) throw new Contention(`the request with Idempotency-Key "${key}" (another one with it is still under way)`);
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
      claimedAhead = true;
    },
    begin: async (tx) => {
      if (!claimedAhead && !(await claimKey(tx, scope, fingerprint))) throw new KeyAlreadyUsed();
    },
    finish: (tx, result) => storeResponse(tx, scope, endpoint.status, present(result)),
  };
  try {
    send(present(await run(guard)));
  } catch (err) {
    // A key claimed ahead of an effect that did not happen is given up, so a retry runs again.
    if (claimedAhead) await releaseKey(pool, scope).catch(() => undefined);
    // A twin with the same key may have committed after this request looked for a stored answer:
    // its effect is this request's (the key's promise), even when this attempt was refused for a
    // state the twin made (a pending transfer it just cancelled). Replay it; otherwise the error stands.
    const winner = await findStoredResponse(pool, scope).catch(() => undefined);
    if (winner) {
      await endpoint.beforeReplay?.();
      return replay(res, winner, fingerprint, key, endpoint.headers);
    }
    if (err instanceof KeyAlreadyUsed) throw new Conflict(`A request with Idempotency-Key "${key}" just completed; retry to receive its response.`);
    throw err;
  }
}
