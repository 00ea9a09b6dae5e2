/** PostgreSQL: pools, transactions, migrations, the plan-limit counters, the Idempotency-Key table, the sharding declarations. */
export * from './src/db/conditions';
export * from './src/db/database';
export * from './src/db/migrate';
export * from './src/db/plan-quota';
export * from './src/db/pool';
export * from './src/db/refusals';
export * from './src/db/sharding';
export * from './src/db/transaction';
export * from './src/db/unit-of-work';
export * from './src/idempotency/effect-guard';
export * from './src/idempotency/key-repository';
export * from './src/idempotency/key-table';
