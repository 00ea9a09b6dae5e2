import { Client } from 'pg';
import { cpuBetween, cpuSnapshot, describeCpuPerOperation, type CpuSnapshot } from './cpu-usage';

const snapshot = (processes: Array<[pid: number, group: string, ticks: number, parent?: number]>, machine = { busy: 0, all: 0 }): CpuSnapshot => ({
  byPid: new Map(processes.map(([pid, group, ticks, parent]) => [pid, { group, ticks, parent }])),
  machine,
});

describe('CPU use between two snapshots', () => {
  it('counts a process that ended in between once, through its parent', () => {
    // Backend 11 had used 30 ticks, then 20 more before it ended; the postmaster (10) reaped it,
    // so its reaped-children ticks grew by all 50. Backend 12 started in between and used 5.
    const before = snapshot([
      [10, 'postgres', 100],
      [11, 'postgres', 30],
      [20, 'stock', 400],
    ]);
    const after = snapshot([
      [10, 'postgres', 150],
      [12, 'postgres', 5],
      [20, 'stock', 460],
    ]);
    const use = cpuBetween(before, after);
    // 50 (the postmaster) - 30 (the ended backend's last reading) + 5 (the new one), against stock's 60.
    expect(use.msByGroup.postgres! / use.msByGroup.stock!).toBeCloseTo(25 / 60);
  });

  it('counts an ended process of a group of its own in its parent\'s group, with what it used meanwhile only', () => {
    // An autovacuum worker (11) had used 300 ticks before the window and 20 in it; the postmaster
    // (10) reaped all 320. The session (12) was named ← stock only by the second reading.
    const before = snapshot([
      [10, 'postgres (postmaster)', 1000],
      [11, 'postgres (autovacuum worker)', 300, 10],
      [12, 'postgres', 50, 10],
    ]);
    const after = snapshot([
      [10, 'postgres (postmaster)', 1320],
      [12, 'postgres ← stock', 80, 10],
    ]);
    const use = cpuBetween(before, after);
    expect(use.msByGroup['postgres (postmaster)']! / use.msByGroup['postgres ← stock']!).toBeCloseTo(20 / 30);
    expect(Object.keys(use.msByGroup).sort()).toEqual(['postgres (postmaster)', 'postgres ← stock']);
  });

  it('reports the machine busy share and leaves out groups that used nothing', () => {
    const use = cpuBetween(
      snapshot([[1, 'gateway', 10], [2, 'catalog', 7]], { busy: 100, all: 400 }),
      snapshot([[1, 'gateway', 30], [2, 'catalog', 7]], { busy: 400, all: 800 }),
    );
    expect(Object.keys(use.msByGroup)).toEqual(['gateway']);
    expect(use.machineBusy).toBeCloseTo(0.75);
  });

  it('describes CPU per operation, largest first, without idle groups', () => {
    const line = describeCpuPerOperation({ msByGroup: { gateway: 700, postgres: 1400, redis: 1 }, machineBusy: 0.96 }, 1000);
    expect(line).toBe('CPU ms/op 2.10 (postgres 1.40, gateway 0.70); machine 96 % busy');
  });

  it('reads this process from /proc as the load generator', () => {
    const before = cpuSnapshot();
    // Until this thread has used 200 ms of CPU, however long a loaded machine takes to give it.
    const started = process.cpuUsage();
    const usedMs = () => {
      const { user, system } = process.cpuUsage(started);
      return (user + system) / 1000;
    };
    while (usedMs() < 200);
    const use = cpuBetween(before, cpuSnapshot());
    // /proc counts in ticks (10 ms): each reading may lag by up to one.
    expect(use.msByGroup['load generator']).toBeGreaterThanOrEqual(180);
    expect(use.machineBusy).toBeGreaterThan(0);
  });

  it('names a PostgreSQL backend by the application whose session it serves', async () => {
    const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const pid = rows[0]!.pid;
      expect(cpuSnapshot(new Map([[pid, 'stock']])).byPid.get(pid)?.group).toBe('postgres ← stock');
      expect(cpuSnapshot().byPid.get(pid)?.group).toBe('postgres');
      expect([...cpuSnapshot().byPid.values()].map((p) => p.group)).toContain('postgres (walwriter)');
    } finally {
      await client.end();
    }
  });
});
