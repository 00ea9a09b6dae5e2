export default async function globalTeardown(): Promise<void> {
  const stack = globalThis.__TEST_STACK__;
  if (!stack) return;
  globalThis.__TEST_STACK__ = undefined;
  await stack.stop();
  await stack.infrastructure.stop();
}
