import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
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

/** A process under another: its parent's pid and its command line. */
interface Descendant {
  ppid: number;
  args: string;
}

/** Every process under `root` (its children, theirs, ...), by pid. */
function descendantsOf(root: number): Map<number, Descendant> {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .flatMap((line) => {
      const match = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
      return match ? [{ pid: Number(match[1]), ppid: Number(match[2]), args: match[3]! }] : [];
    });
  const found = new Map<number, Descendant>();
  for (let parents = [root]; parents.length > 0; ) {
    const children = rows.filter((r) => parents.includes(r.ppid) && !found.has(r.pid));
    for (const child of children) found.set(child.pid, { ppid: child.ppid, args: child.args });
    parents = children.map((c) => c.pid);
  }
  return found;
}

/** The five processes among `descendants`, by name. */
function fiveOf(descendants: Map<number, Descendant>): Map<string, number> {
  const found = new Map<string, number>();
  for (const [pid, { args }] of descendants) {
    const match = /\/(gateway|catalog|locations|stock|notifications)\/src\/main\.ts/.exec(args);
    if (match) found.set(match[1]!, pid);
  }
  return found;
}

/** True while `pid` runs: false once it has exited, and for a zombie its parent has not reaped yet. */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** True when a server could listen on `port` (every address), i.e. no process holds it. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/** How long the process manager's signal may take to stop every process (their graceful shutdown included). */
const STOP_WITHIN_MS = 15_000;

describe('npm start, stopped by a process manager', () => {
  /** Every process under the last `npm start`, kept so that a failing case leaves none behind. */
  let started = new Map<number, Descendant>();
  let npm: ChildProcess | undefined;
  let npmOutput = '';

  /** Every port the processes listen on (the API's and their metrics ports), from the stack's environment. */
  const ports = () => Object.entries(stack.processEnv('gateway')).filter(([key, value]) => /(^|_)PORT$/.test(key) && value).map(([, value]) => Number(value));

  afterEach(async () => {
    const left = [npm?.pid, ...started.keys()].filter((pid): pid is number => pid !== undefined && running(pid));
    for (const pid of left) process.kill(pid, 'SIGKILL');
    await waitUntil('the processes of a failed case to be gone', async () => !left.some(running), 10_000, 50);
    for (const port of ports()) await waitUntil(`port ${port} to be free`, () => portFree(port), 10_000, 100);
    started = new Map();
    npm = undefined;
    npmOutput = '';
  });

  /** Runs `npm start` as a process manager would (the command, in the checkout), and waits until it reports the API ready. */
  async function npmStart(): Promise<{ npmPid: number; supervisorPid: number; five: Map<string, number> }> {
    for (const port of ports()) expect(await portFree(port)).toBe(true);
    npm = spawn('npm', ['start'], { cwd: ROOT, env: { ...process.env, ...stack.processEnv('gateway') }, stdio: ['ignore', 'pipe', 'pipe'] });
    npm.stdout!.on('data', (c: Buffer) => (npmOutput += c.toString('utf8')));
    npm.stderr!.on('data', (c: Buffer) => (npmOutput += c.toString('utf8')));
    const npmPid = npm.pid!;
    await waitUntil('npm start to report the API ready', async () => npmOutput.includes('Inventory API ready'), 90_000, 200);
    started = descendantsOf(npmPid);
    const five = fiveOf(started);
    expect([...five.keys()].sort()).toEqual(['catalog', 'gateway', 'locations', 'notifications', 'stock']);
    return { npmPid, supervisorPid: started.get(five.get('gateway')!)!.ppid, five };
  }

  /** Waits until every process `npm start` ran has exited and every port is free again. */
  async function expectAllStopped(): Promise<void> {
    await waitUntil(
      'every process npm start ran to exit',
      async () => ![npm!.pid!, ...started.keys()].some(running),
      STOP_WITHIN_MS,
      100,
    ).catch((err: Error) => {
      const left = [...started].filter(([pid]) => running(pid)).map(([pid, { args }]) => `${pid} ${args}`);
      throw new Error(`${err.message}; still running:\n${left.join('\n')}`);
    });
    for (const port of ports()) await waitUntil(`port ${port} to be free`, () => portFree(port), 5000, 100);
  }

  const withOutput = (body: () => Promise<void>) => async () => {
    try {
      await body();
    } catch (err) {
      if (err instanceof Error) err.message += `\n\nnpm start output:\n${npmOutput.slice(-4000)}`;
      throw err;
    }
  };

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'when %s is sent to the PID of npm start, then every process it started exits within seconds, the ports are free, and npm exits last',
    (signal) =>
      withOutput(async () => {
        const { npmPid, five } = await npmStart();
        // What a process manager sees: the PID it started exits only once the five have.
        let runningWhenNpmExited: string[] | undefined;
        npm!.once('exit', () => (runningWhenNpmExited = [...five].filter(([, pid]) => running(pid)).map(([name]) => name)));
        process.kill(npmPid, signal);
        await expectAllStopped();
        // npm has exited (a zombie counts as gone), but Node emits 'exit' only once it has reaped it.
        await waitUntil("npm's exit to be reported", async () => runningWhenNpmExited !== undefined, 5000, 20);
        expect(runningWhenNpmExited).toEqual([]);
      })(),
  );

  it('when npm itself is killed outright (SIGKILL), then the supervisor sees its parent gone and stops the five processes', withOutput(async () => {
    const { npmPid } = await npmStart();
    process.kill(npmPid, 'SIGKILL');
    await expectAllStopped();
  }));

  it('when the supervisor is killed outright (SIGKILL), then the five processes see their parent gone and exit', withOutput(async () => {
    const { supervisorPid } = await npmStart();
    process.kill(supervisorPid, 'SIGKILL');
    await expectAllStopped();
  }));
});
