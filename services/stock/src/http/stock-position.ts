import { answerStockPosition, ctx } from '@inv/shared/http';
import { type ServiceRuntime } from '@inv/shared/runtime';
import type { Request, Response } from 'express';
import { latestStockPosition } from '../data/ledger';
import type { StockWrite } from '../use-cases/ledger-unit';

/**
 * The answer of a write that may move stock tells the gateway the stock position it took
 * (read-your-writes, docs/consistency.md): resolves the write's result after setting the header.
 */
export async function answeredWithPosition<T>(res: Response, write: Promise<StockWrite<T>>): Promise<T> {
  const { result, position } = await write;
  answerStockPosition(res, position);
  return result;
}

/** A replayed answer carries the workspace's latest stock position: at least the one the first answer took. */
export async function answerLatestPosition({ deps, req, res }: { deps: ServiceRuntime; req: Request; res: Response }): Promise<void> {
  answerStockPosition(res, await latestStockPosition(deps.pool, ctx(req).workspace.id));
}
