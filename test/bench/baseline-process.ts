import { spawn } from 'node:child_process';
import path from 'node:path';
import type { BenchStack } from './bench-stack';
import { freePort } from '../support/stack';

export interface BaselineServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts baseline-item-server.ts as a process of its own, as the project's processes are. */
export async function startBaselineServer(stack: BenchStack): Promise<BaselineServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [...stack.child.nodeArgs, path.join(__dirname, 'baseline-item-server.ts')], {
    env: { ...process.env, ...stack.child.env, BASELINE_PORT: String(port), BASELINE_TLS_CERT: stack.tls.certPath, BASELINE_TLS_KEY: stack.tls.keyPath },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The baseline server did not start within 60 s')), 60_000);
    child.once('message', () => (clearTimeout(timer), resolve()));
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`The baseline server exited with ${code} during start`))));
  });
  child.disconnect();
  return {
    url: `https://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
