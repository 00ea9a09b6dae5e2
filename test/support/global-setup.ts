import { provideInfrastructure } from './infrastructure';
import { Stack } from './stack';

declare global {
  var __TEST_STACK__: Stack | undefined;
}

/**
 * The component tests' world: one isolated stack (see Stack) for the whole run, shared by every
 * test file; tests keep out of each other's way by creating their own workspaces.
 */
export default async function globalSetup(): Promise<void> {
  const infrastructure = await provideInfrastructure();
  try {
    // A request that stops short is answered 408 after HTTP_REQUEST_TIMEOUT_MS: short here, so
    // its tests wait 2 to 3 s, not the 30 s default; a whole request arrives in milliseconds.
    // The component suite runs on quorum queues (production's RabbitMQ 4 shape); the fault
    // suites and the benchmark on the classic default, so CI covers both.
    const stack = await Stack.start({
      infrastructure,
      env: { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn', HTTP_REQUEST_TIMEOUT_MS: '2000', AMQP_QUEUE_TYPE: process.env.TEST_AMQP_QUEUE_TYPE ?? 'quorum' },
    });
    globalThis.__TEST_STACK__ = stack;
    Object.assign(process.env, stack.testEnv());
  } catch (err) {
    await infrastructure.stop();
    throw err;
  }
}
