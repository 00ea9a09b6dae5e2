import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type ProcessName, type Stack, waitUntil } from '../support/stack';
import { startFaultStack, stopFaultStack } from './fault-stack';

const ROOT = path.resolve(__dirname, '../..');

let stack: Stack;
let supervisor: ChildProcess | undefined;
let output = '';

beforeAll(async () => {
  stack = await startFaultStack();
  // The stack gave us a database, a vhost, ports and an environment; `npm start` runs the processes.
  for (const name of ['gateway', 'catalog', 'locations', 'stock', 'notifications'] as ProcessName[]) await stack.kill(name, 'SIGTERM');
});
afterAll(async () => {
  if (supervisor && supervisor.exitCode === null) supervisor.kill('SIGKILL');
  await stopFaultStack(stack);
});

/** The processes `npm start` runs, by name, from the command lines of its children. */
function childrenOf(pid: number): Map<string, number> {
  const found = new Map<string, number>();
  const lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' }).trim().split('\n');
  for (const line of lines) {
    const match = /^\s*(\d+)\s+.*\/(gateway|catalog|locations|stock|notifications)\/src\/main\.ts/.exec(line);
    if (match) found.set(match[2]!, Number(match[1]));
  }
  return found;
}

const ready = async (url: string) => (await fetch(`${url}/readyz`).catch(() => undefined))?.status === 200;

describe('npm start supervises its processes', () => {
  it('when a process is killed, then it alone is restarted with backoff and the restart is logged; SIGTERM stops them all', async () => {
    supervisor = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/start.ts')], {
      cwd: ROOT,
      env: { ...process.env, ...stack.processEnv('gateway') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    supervisor.stdout!.on('data', (c: Buffer) => (output += c.toString('utf8')));
    supervisor.stderr!.on('data', (c: Buffer) => (output += c.toString('utf8')));
    const pid = supervisor.pid!;
    try {
      await waitUntil('npm start to report the API ready', async () => output.includes('Inventory API ready'), 90_000, 200);
      const before = childrenOf(pid);
      expect([...before.keys()].sort()).toEqual(['catalog', 'gateway', 'locations', 'notifications', 'stock']);

      process.kill(before.get('stock')!, 'SIGKILL');
      await waitUntil('the restart to be logged', async () => /stock exited \(SIGKILL\); restarting it in \d+ ms/.test(output), 10_000, 50);
      await waitUntil('a new stock process, ready', async () => {
        const now = childrenOf(pid).get('stock');
        return now !== undefined && now !== before.get('stock') && (await ready(stack.serviceUrl('stock')));
      }, 60_000, 200);
      const after = childrenOf(pid);
      for (const name of ['gateway', 'catalog', 'locations', 'notifications']) expect(after.get(name)).toBe(before.get(name));
      expect(supervisor.exitCode).toBeNull();

      const exited = new Promise<number | null>((resolve) => supervisor!.once('exit', (code) => resolve(code)));
      supervisor.kill('SIGTERM');
      expect(await exited).toBe(0);
      for (const child of after.values()) expect(() => process.kill(child, 0)).toThrow();
    } catch (err) {
      if (err instanceof Error) err.message += `\n\nnpm start output:\n${output.slice(-4000)}`;
      throw err;
    }
  });
});
