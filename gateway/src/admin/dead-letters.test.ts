import { randomBytes } from 'node:crypto';
import { listDeadLetters } from './dead-letters';

/** The local RabbitMQ the tests use (docs/testing.md). */
const RABBITMQ = process.env.AMQP_URL?.split(',')[0] ?? 'amqp://guest:guest@127.0.0.1:5672';

describe('dlq:list', () => {
  it('when the vhost of AMQP_URL does not exist, then it fails naming the vhost and the commands that create it, not as an unreachable broker', async () => {
    const vhost = `missing_${randomBytes(4).toString('hex')}`;
    const url = Object.assign(new URL(RABBITMQ), { pathname: `/${vhost}` }).toString();
    const failure = await listDeadLetters({ amqpUrls: [url], timeoutMs: 10_000 }, {}).then(
      () => 'listed',
      (err: Error) => err.message,
    );
    expect(failure).toContain(`vhost "${vhost}"`);
    expect(failure).toContain(`rabbitmqctl add_vhost ${vhost}; rabbitmqctl set_permissions -p ${vhost} guest ".*" ".*" ".*"`);
    expect(failure).not.toContain('not reachable');
  });
});
