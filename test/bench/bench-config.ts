import path from 'node:path';
import { z } from '@inv/shared/core';
import { loadConfig } from '@inv/shared/config';

const seconds = (fallback: number) => z.coerce.number().min(0.5).max(600).default(fallback);

/** The benchmarks' knobs, from the environment (parsed once; a bad value stops the run naming it). */
export const BenchConfig = z.object({
  /** Where PostgreSQL, Redis and RabbitMQ are (as for the tests); each run makes its own database, vhost and key prefix there. */
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/postgres'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  AMQP_URL: z.string().url().default('amqp://guest:guest@127.0.0.1:5672'),
  /** Length of each measured round. */
  BENCH_SECONDS: seconds(8),
  /**
   * Unmeasured load on each side before the first round (JIT, pools, caches). Five seconds: with
   * two, the first round of the first transfer scenario still ran on code V8 had not optimised
   * (round 1 some 20 % below round 2, run after run).
   */
  BENCH_WARMUP_SECONDS: seconds(5),
  /** Rounds per side; project and baseline alternate. */
  BENCH_ROUNDS: z.coerce.number().int().min(1).max(10).default(2),
  BENCH_CONNECTIONS: z.coerce.number().int().min(1).max(512).default(32),
  /** Sequential samples per call in (d) and in the scale benchmark. */
  BENCH_SAMPLES: z.coerce.number().int().min(3).max(1000).default(30),
  /** Which of `npm run bench`'s scenarios to run, comma-separated (they run in the order a, b, d, w, r, i, p, o, m, q, j, s). */
  BENCH_SCENARIOS: z
    .string()
    .default('a,b,d,w,r,i,p,o,m,q,j,s')
    .transform((s) => s.split(',').map((x) => x.trim()))
    .pipe(z.array(z.enum(['a', 'b', 'd', 'w', 'r', 'i', 'p', 'o', 'm', 'j', 'q', 's'])).min(1)),
  /** LOG_LEVEL of the stack's processes; info is production's default. */
  BENCH_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'silent']).default('info'),
  /** A directory: every process of the stack (and the baseline server) writes a CPU profile there on exit. */
  BENCH_CPU_PROF: z
    .string()
    .optional()
    .transform((dir) => (dir ? path.resolve(dir) : undefined)),
  /** Set (to anything) to keep the processes' logs after the run; the run prints where they are. */
  BENCH_KEEP_LOGS: z
    .string()
    .optional()
    .transform((v) => Boolean(v)),
});
export type BenchConfig = z.infer<typeof BenchConfig>;

export const loadBenchConfig = (): BenchConfig => loadConfig(BenchConfig);
