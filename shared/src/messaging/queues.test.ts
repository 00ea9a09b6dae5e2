import { durableQueueArguments, queuePolicy } from './queues';

describe('queuePolicy and durableQueueArguments', () => {
  it('when the queues are classic, then a durable queue gets no extra arguments', () => {
    const policy = queuePolicy({ AMQP_QUEUE_TYPE: 'classic', AMQP_DELIVERY_LIMIT: 20 });
    expect(policy).toEqual({ type: 'classic' });
    expect(durableQueueArguments(policy, true)).toEqual({});
  });

  it('when the queues are quorum, then each is a quorum queue with the delivery limit, and one that dead-letters does it at least once', () => {
    const policy = queuePolicy({ AMQP_QUEUE_TYPE: 'quorum', AMQP_DELIVERY_LIMIT: 7 });
    expect(durableQueueArguments(policy, false)).toEqual({ 'x-queue-type': 'quorum', 'x-delivery-limit': 7 });
    expect(durableQueueArguments(policy, true)).toEqual({
      'x-queue-type': 'quorum',
      'x-delivery-limit': 7,
      'x-dead-letter-strategy': 'at-least-once',
      'x-overflow': 'reject-publish',
    });
  });
});
