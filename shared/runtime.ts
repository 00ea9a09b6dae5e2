/** A service process: start-up and shutdown, transactions that wake the relay, recurring jobs, retries. */
export * from './src/service-runtime';
export * from './src/housekeeping';
export * from './src/retry';
