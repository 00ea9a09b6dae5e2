import { context, ROOT_CONTEXT } from '@opentelemetry/api';
import { logContext } from '../logger';

/**
 * Runs `work` on behalf of no request: outside the active trace and log context. Background
 * loops are woken from inside requests (the outbox relay after each commit); a timer set there
 * would otherwise carry that request's trace and request id into every later round of the loop.
 */
export function runDetached<T>(work: () => T): T {
  return logContext.exit(() => context.with(ROOT_CONTEXT, work));
}
