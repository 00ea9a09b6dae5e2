import { BaseConfig, loadConfig } from '@inv/shared/config';
import { Broker, type Envelope, everyWorkspaceOf, queuePolicy } from '@inv/shared/messaging';
import { createLogger, type Logger } from '@inv/shared/observability';

/**
 * A connection to this run's vhost that declares queues as the stack's processes do (a queue
 * declared with other arguments than the stack's, e.g. classic against quorum, is refused).
 */
export function stackBroker(logger: Logger): Broker {
  // The stack's processes parse the same settings: the same type, and the same delivery limit (a quorum queue's argument).
  const config = loadConfig(BaseConfig.pick({ AMQP_QUEUE_TYPE: true, AMQP_DELIVERY_LIMIT: true }), { AMQP_QUEUE_TYPE: process.env.TEST_AMQP_QUEUE_TYPE });
  return new Broker(process.env.TEST_AMQP_URL!.split(','), 'inventory.events', logger, queuePolicy(config));
}

/**
 * A temporary queue bound to the events exchange of this run's vhost for the events whose type
 * matches `typePattern` (`item.*`), whatever their workspace: what it collects is what actually
 * reached RabbitMQ, not merely what was written to an outbox.
 */
export async function listenToEvents(typePattern: string): Promise<{ messages: Envelope[]; close: () => Promise<void> }> {
  const broker = stackBroker(createLogger('test-bus', 'silent'));
  const messages: Envelope[] = [];
  const channel = broker.channel('test-listener', async (ch) => {
    const { queue } = await ch.assertQueue('', { exclusive: true, autoDelete: true });
    await ch.bindQueue(queue, 'inventory.events', everyWorkspaceOf(typePattern));
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
