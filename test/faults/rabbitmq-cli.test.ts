import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'amqplib';
import { parseCliJson } from '../../scripts/ha/processes';
import { RabbitCluster, rabbitmqJson } from '../../scripts/ha/rabbitmq-cluster';
import { type Infrastructure, provideInfrastructure } from '../support/infrastructure';

/**
 * Issue 35: two CI runs from a fresh clone failed the high-availability suite because
 * `rabbitmqctl`, run as the rabbitmq user, started in the test's working directory, a checkout
 * that user could not enter (a clone inside `mktemp -d`, or under /root): Erlang printed error
 * reports ahead of the JSON, and JSON.parse threw. Here the test process itself works from such a
 * directory. The system node (rabbit@localhost) is enough to show it: the HA cluster's CLI
 * (RabbitCluster.ctl, as the rabbitmq user) names a node with `-n` like any other.
 */
const SYSTEM_NODE = 'rabbit@localhost';
const QUEUES = [
  { name: 'cli-durable', durable: true },
  { name: 'cli-transient', durable: false },
];

const startedIn = process.cwd();
let unreadable: string;
let infrastructure: Infrastructure;
let cluster: RabbitCluster;
const vhost = `inv_cli_${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  // mkdtemp makes it 0700 and root's: the rabbitmq user cannot enter it.
  unreadable = fs.mkdtempSync(path.join(os.tmpdir(), 'inv-cli-cwd-'));
  infrastructure = await provideInfrastructure();
  // No node of its own is started: only its CLI is used, on the system node.
  cluster = new RabbitCluster(path.join(unreadable, 'rabbitmq'), { amqp: [], dist: [] }, () => undefined, undefined);
  process.chdir(unreadable);
  // The test worlds' CLI (world.ts, service-world.ts) runs from here too.
  await infrastructure.rabbitmqctl(['add_vhost', vhost]);
  await infrastructure.rabbitmqctl(['set_permissions', '-p', vhost, 'guest', '.*', '.*', '.*']);
  const connection = await connect(Object.assign(new URL(infrastructure.amqpUrl), { pathname: `/${encodeURIComponent(vhost)}` }).toString());
  try {
    const channel = await connection.createChannel();
    for (const queue of QUEUES) await channel.assertQueue(queue.name, { durable: queue.durable });
  } finally {
    await connection.close();
  }
}, 60_000);

afterAll(async () => {
  process.chdir(startedIn);
  await infrastructure?.rabbitmqctl(['delete_vhost', vhost]).catch(() => undefined);
  await infrastructure?.stop();
  if (unreadable) fs.rmSync(unreadable, { recursive: true, force: true });
}, 60_000);

function byName<T extends { name: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => a.name.localeCompare(b.name));
}

describe('the RabbitMQ CLI from a working directory the rabbitmq user cannot enter', () => {
  jest.setTimeout(120_000);

  it('when the test process works from a mode-700 directory, then the HA cluster\'s CLI prints only its JSON, and list_queues parses to the vhost\'s queues', async () => {
    expect({ cwd: process.cwd(), mode: (fs.statSync('.').mode & 0o777).toString(8) }).toEqual({ cwd: unreadable, mode: '700' });
    const args = ['-n', SYSTEM_NODE, 'list_queues', '-p', vhost, 'name', 'durable'];
    // Nothing but the JSON: the CLI starts where its user can read. (ctlJson would read past the reports, and so hide their return.)
    const printed = await cluster.ctl([...args, '--formatter', 'json']);
    expect(printed.trim()).toMatch(/^\[[\s\S]*\]$/);
    expect(byName(await cluster.ctlJson<Array<{ name: string; durable: boolean }>>(args))).toEqual(QUEUES);
  });

  it('when the test process works from a mode-700 directory, then the test worlds\' CLI answers list_queues as parsed JSON too', async () => {
    expect(byName(await rabbitmqJson<Array<{ name: string; durable: boolean }>>(infrastructure.rabbitmqctl, ['list_queues', '-p', vhost, 'name', 'durable']))).toEqual(QUEUES);
  });
});

describe('parseCliJson', () => {
  // What the CLI printed on stdout in the failed CI runs (abridged): Erlang's reports, then the JSON.
  const reported = [
    '{erl_prim_loader,file_error}',
    '"File operation error: eacces. Target: start_clean.boot. Function: get_file. "',
    '=ERROR REPORT==== 26-Nov-2026::18:11:23.663950 ===',
    'File operation error: eacces. Target: .. Function: read_file_info. Process: code_server.',
    '=ERROR REPORT==== 26-Nov-2026::18:11:23.666792 ===',
    'File operation error: eacces. Target: ./maps.beam. Function: get_file. Process: code_server.',
    '[',
    '{"name":"cli-durable","durable":true}',
    ',{"name":"cli-transient","durable":false}',
    ']',
    '',
  ].join('\n');

  it('when Erlang error reports come before the JSON, then it answers the JSON', () => {
    expect(parseCliJson('rabbitmqctl list_queues', reported)).toEqual(QUEUES);
  });

  it('when a line of the reports is JSON by itself, then it still answers the JSON the CLI printed last', () => {
    expect(parseCliJson('rabbitmqctl list_queues', `{}\n[1]\n${reported}`)).toEqual(QUEUES);
  });

  it('when nothing printed is JSON, then it throws naming the command and quoting what it printed', () => {
    const printed = reported.slice(0, reported.indexOf('['));
    expect(() => parseCliJson('rabbitmqctl list_queues', printed)).toThrow(/^rabbitmqctl list_queues printed no JSON: .*=ERROR REPORT==== 26-Nov-2026::18:11:23\.663950 ===/s);
  });
});
