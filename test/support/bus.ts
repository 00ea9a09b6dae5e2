import { Broker, CLASSIC_QUEUES, type Envelope, type QueuePolicy } from '@inv/shared/messaging';
import { createLogger, type Logger } from '@inv/shared/observability';

/**
 * A connection to this run's vhost that declares queues as the stack's processes do (a queue
 * declared with other arguments than the stack's, e.g. classic against quorum, is refused).
 */
export function stackBroker(logger: Logger): Broker {
  const type = process.env.TEST_AMQP_QUEUE_TYPE === 'quorum' ? 'quorum' : 'classic';
  const policy: QueuePolicy = { ...CLASSIC_QUEUES, type };
  return new Broker(process.env.TEST_AMQP_URL!, 'inventory.events', logger, policy);
}

/**
 * A temporary queue bound to the events exchange of this run's vhost: what it collects is what
 * actually reached RabbitMQ, not merely what was written to an outbox.
 */
export async function listenToEvents(routingKey: string): Promise<{ messages: Envelope[]; close: () => Promise<void> }> {
  const broker = stackBroker(createLogger('test-bus', 'silent'));
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
