import { execFile } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed, when the command succeeded with a result (not help). */
  json: any;
}

/**
 * Runs `npm run admin -- <args>` the way an operator does (through tsx, as a process of its own)
 * against this run's database and broker; `env` overrides, e.g. AMQP_URL.
 */
export function admin(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'gateway/src/admin/cli.ts'), ...args],
      {
        cwd: ROOT,
        timeout: 60_000,
        env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: process.env.TEST_DATABASE_URL, AMQP_URL: process.env.TEST_AMQP_URL, ...env },
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stdout, stderr, json: code === 0 && stdout.startsWith('{') ? JSON.parse(stdout) : undefined });
      },
    );
  });
}
