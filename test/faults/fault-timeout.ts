/** A fault case starts its own stack, breaks it, and waits for it to heal: longer than a component test. */
jest.setTimeout(120_000);
