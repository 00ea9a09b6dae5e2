import { execFile } from 'node:child_process';
import path from 'node:path';
import { runAdminCli } from '../../gateway/src/admin/admin-cli';

const ROOT = path.resolve(__dirname, '../..');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed, when the command succeeded with a result (not help). */
  json: any;
}

function result(code: number, stdout: string, stderr: string): CliResult {
  return { code, stdout, stderr, json: code === 0 && stdout.startsWith('{') ? JSON.parse(stdout) : undefined };
}

function cliEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    AMQP_URL: process.env.TEST_AMQP_URL,
    AMQP_QUEUE_TYPE: process.env.TEST_AMQP_QUEUE_TYPE,
    REDIS_URL: process.env.TEST_REDIS_URL,
    REDIS_PREFIX: process.env.TEST_REDIS_PREFIX,
    ...env,
  };
}

/**
 * One admin command line against this run's database and broker, run in this process (the same
 * code the `npm run admin` process runs, without a process start per call); `env` overrides.
 */
export async function admin(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await runAdminCli(args, { env: cliEnv(env), stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return result(code, stdout, stderr);
}

/** The same as a process of its own, as `npm run -s admin -- <args>` starts it (without npm): for exit statuses and streams. */
export function adminProcess(args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', path.join(ROOT, 'gateway/src/admin/cli.ts'), ...args], { cwd: ROOT, timeout: 90_000, env: cliEnv({}) }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      resolve(result(code, stdout, stderr));
    });
  });
}

/**
 * The admin CLI exactly as the README documents it: `npm run -s admin -- <args>`, through npm
 * (whose `-s` keeps its own "> inventory-api admin" lines off stdout).
 */
export function npmAdmin(args: string[], options: { silent?: boolean } = {}): Promise<CliResult> {
  const npmArgs = ['run', ...(options.silent === false ? [] : ['-s']), 'admin', '--', ...args];
  return new Promise((resolve) => {
    execFile('npm', npmArgs, { cwd: ROOT, timeout: 90_000, env: cliEnv({}) }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      resolve({ code, stdout, stderr, json: undefined });
    });
  });
}
