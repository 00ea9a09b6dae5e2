import type { Request, Response } from 'express';
import type { Pool } from 'pg';
import type { Owner, Positioned } from '../caller';
import { latestOwnerPosition } from '../messaging/owner-events';
import { ctx } from './service-app';

/**
 * Read-your-writes across services (docs/consistency.md). The stock service numbers the
 * transactions of a workspace that change on-hand (its stock position); the catalog's stock
 * projection records how far it has applied them. A write that moved stock answers its position
 * in this internal header; the gateway keeps the highest per API key and workspace (Redis), strips
 * the header, and hands it back to every later call of that key as the context's `writes`, so a
 * read built from the projection waits until the projection holds that position.
 */
export const STOCK_POSITION_HEADER = 'x-inv-stock-position';

/** The position a write answered, when the header holds one. */
export function parseStockPosition(value: string | string[] | undefined): number | undefined {
  if (typeof value !== 'string' || !/^[1-9]\d{0,15}$/.test(value)) return undefined;
  return Number(value);
}

/** Tells the gateway, through the answer, the stock position a write reached (nothing for 0 or none). */
export function answerStockPosition(res: { setHeader(name: string, value: string): unknown }, position: number | undefined): void {
  if (position) res.setHeader(STOCK_POSITION_HEADER, String(position));
}

/**
 * Owner positions (docs/consistency.md): the catalog and the locations service number, per
 * workspace, their changes of what the stock service copies (items, locations), each event
 * carrying its number. A write answers the position its last event took in this internal header
 * (`catalog:17`); the gateway keeps the highest per workspace and owner (Redis) before the answer
 * leaves, strips the header, and passes the workspace's positions with every later call, so the
 * stock service never decides from a copy behind a change any caller had acknowledged.
 */
export const OWNER_POSITION_HEADER = 'x-inv-owner-position';

/** The owner and position a write answered, when the header holds them. */
export function parseOwnerPosition(value: string | string[] | undefined): { owner: Owner; position: number } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(catalog|locations):([1-9]\d{0,15})$/.exec(value);
  return match ? { owner: match[1] as Owner, position: Number(match[2]) } : undefined;
}

/** Tells the gateway, through the answer, the owner position a write reached (nothing for 0 or none). */
export function answerOwnerPosition(res: { setHeader(name: string, value: string): unknown }, owner: Owner, position: number | undefined): void {
  if (position) res.setHeader(OWNER_POSITION_HEADER, `${owner}:${position}`);
}

/** Resolves an owner's write's result after telling the gateway, through the answer, the owner position it took. */
export async function answeredWithOwnerPosition<T>(res: { setHeader(name: string, value: string): unknown }, owner: Owner, write: Promise<Positioned<T>>): Promise<T> {
  const { result, position } = await write;
  answerOwnerPosition(res, owner, position);
  return result;
}

/**
 * For an owner's idempotent routes (beforeReplay): a replayed answer carries the workspace's latest
 * owner position, at least the one the first answer took (whose recording may have failed).
 */
export function answerLatestOwnerPosition(owner: Owner) {
  return async ({ deps, req, res }: { deps: { pool: Pool }; req: Request; res: Response }): Promise<void> => {
    answerOwnerPosition(res, owner, await latestOwnerPosition(deps.pool, ctx(req).workspace.id));
  };
}
