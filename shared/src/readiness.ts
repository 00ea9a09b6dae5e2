import { withTimeout } from './retry';

/** What /readyz answers: ready only when every dependency answered in time. */
export interface Readiness {
  ready: boolean;
  /** Dependencies that failed or did not answer in time, by name (postgresql, rabbitmq, redis). */
  failing: string[];
  /** Dependencies that are down but that the process serves without (fail-open), by name. */
  degraded: string[];
}

export interface DependencyCheck {
  name: string;
  check: () => Promise<unknown>;
  /** When true, this dependency being down leaves the process ready (it serves without it). */
  optional?: boolean;
}

/**
 * Checks every dependency in parallel, each bounded by `timeoutMs`, so /readyz answers in time
 * even when a dependency has gone silent.
 */
export async function checkReadiness(checks: DependencyCheck[], timeoutMs = 800): Promise<Readiness> {
  const results = await Promise.all(
    checks.map(async (c) => {
      try {
        await withTimeout(c.check(), timeoutMs, `${c.name} did not answer within ${timeoutMs} ms`);
        return { c, ok: true };
      } catch {
        return { c, ok: false };
      }
    }),
  );
  const failing = results.filter((r) => !r.ok && !r.c.optional).map((r) => r.c.name);
  const degraded = results.filter((r) => !r.ok && r.c.optional).map((r) => r.c.name);
  return { ready: failing.length === 0, failing, degraded };
}

/** The /readyz body and status for a readiness result. */
export function readinessResponse(readiness: Readiness): { status: number; body: Record<string, unknown> } {
  const body: Record<string, unknown> = { status: readiness.ready ? 'ready' : 'not ready' };
  if (readiness.failing.length > 0) body.failing = readiness.failing;
  if (readiness.degraded.length > 0) body.degraded = readiness.degraded;
  return { status: readiness.ready ? 200 : 503, body };
}
