import { spawn } from 'node:child_process';
import path from 'node:path';
import type { BenchStack } from './bench-stack';
import { freePort } from '../support/stack';

export interface BaselineServer {
  port: number;
  url: string;
  stop(): Promise<void>;
}

/** Starts baseline-item-server.ts as a process of its own, as the project's processes are. */
export const startBaselineServer = (stack: BenchStack): Promise<BaselineServer> => startBenchServer(stack, ['baseline-item-server.ts'], 'https', {});

/**
 * The floor of (b) (floor-transfer-server.ts): its bare service, then its bare HTTPS gateway in
 * front; stopping it stops both.
 */
export async function startTransferFloor(stack: BenchStack): Promise<BaselineServer> {
  const service = await startBenchServer(stack, ['floor-transfer-server.ts', 'service'], 'http', {});
  try {
    const gateway = await startBenchServer(stack, ['floor-transfer-server.ts', 'gateway'], 'https', { FLOOR_UPSTREAM_PORT: String(service.port) });
    return { ...gateway, stop: async () => void (await Promise.all([gateway.stop(), service.stop()])) };
  } catch (err) {
    await service.stop();
    throw err;
  }
}

/** Runs one of the bench's own servers (a script beside this file, with its arguments) as a child process; it says 'ready' over IPC once listening. */
async function startBenchServer(stack: BenchStack, [script, ...args]: [string, ...string[]], scheme: 'http' | 'https', env: NodeJS.ProcessEnv): Promise<BaselineServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [...stack.child.nodeArgs, path.join(__dirname, script), ...args], {
    env: {
      ...process.env,
      ...stack.child.env,
      ...env,
      BASELINE_PORT: String(port),
      BASELINE_TLS_CERT: stack.tls.certPath,
      BASELINE_TLS_KEY: stack.tls.keyPath,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start within 60 s`)), 60_000);
    child.once('message', () => (clearTimeout(timer), resolve()));
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`${script} exited with ${code} during start`))));
  });
  child.disconnect();
  return {
    port,
    url: `${scheme}://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
