import { randomBytes } from 'node:crypto';
import { createLogger } from '../logger';
import { Broker } from './broker';

/** The local RabbitMQ the tests use (docs/testing.md), as every part's tests find it. */
const RABBITMQ = process.env.AMQP_URL?.split(',')[0] ?? 'amqp://guest:guest@127.0.0.1:5672';

describe('Broker.waitForConnect', () => {
  it('when the vhost of the URL does not exist, then it fails naming the vhost and the commands that create it and let the user in', async () => {
    const vhost = `missing_${randomBytes(4).toString('hex')}`;
    const broker = new Broker([Object.assign(new URL(RABBITMQ), { pathname: `/${vhost}` }).toString()], 'inventory.events', createLogger('broker-test', 'silent'));
    try {
      const failure = await broker.waitForConnect(10_000).then(
        () => 'connected',
        (err: Error) => err.message,
      );
      expect(failure).toContain(`vhost "${vhost}"`);
      expect(failure).toContain(`rabbitmqctl add_vhost ${vhost}`);
      expect(failure).toContain(`rabbitmqctl set_permissions -p ${vhost} guest ".*" ".*" ".*"`);
      expect(failure).not.toContain('not reachable');
    } finally {
      await broker.close();
    }
  });
});
