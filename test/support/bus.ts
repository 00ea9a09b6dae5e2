import { Broker, type Envelope } from '@inv/shared/messaging';
import { createLogger } from '@inv/shared/observability';

/**
 * A temporary queue bound to the events exchange of this run's vhost: what it collects is what
 * actually reached RabbitMQ, not merely what was written to an outbox.
 */
export async function listenToEvents(routingKey: string): Promise<{ messages: Envelope[]; close: () => Promise<void> }> {
  const broker = new Broker(process.env.TEST_AMQP_URL!, 'inventory.events', createLogger('test-bus', 'silent'));
  const messages: Envelope[] = [];
  const channel = broker.channel('test-listener', async (ch) => {
    const { queue } = await ch.assertQueue('', { exclusive: true, autoDelete: true });
    await ch.bindQueue(queue, 'inventory.events', routingKey);
    await ch.consume(queue, (msg) => msg && messages.push(JSON.parse(msg.content.toString('utf8'))), { noAck: true });
  });
  await channel.waitForConnect();
  return {
    messages,
    close: async () => {
      await channel.close();
      await broker.close();
    },
  };
}
