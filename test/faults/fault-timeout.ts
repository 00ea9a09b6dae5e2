/** A fault case starts its own stack, breaks it, and waits for it to heal: longer than a component test. */
jest.setTimeout(120_000);

/**
 * A fault case sees every answer as it comes, the retryable 429 included: the test helpers
 * (test/support/api.ts) do not send a refused call again by themselves; a case that retries, as a
 * client would, does so itself and counts its attempts.
 */
process.env.TEST_RETRY_OVERLOAD = 'false';
