/** RabbitMQ: the broker connection, the outbox and its relay, event consumers, request/reply. */
export * from './src/messaging/broker';
export { connectFailureMessage, isVhostRefusal, vhostRefusedMessage } from './src/messaging/connect-failures';
export * from './src/messaging/consumer';
export * from './src/messaging/envelope';
export * from './src/messaging/outbox';
export * from './src/messaging/owner-events';
export * from './src/messaging/position-feeds';
export * from './src/messaging/queues';
export * from './src/messaging/retention';
export * from './src/messaging/rpc';
export * from './src/messaging/tables';
