/** Architecture rules, checked in CI (`npm run deps:check`). */
module.exports = {
  forbidden: [
    {
      name: 'service-imports-other-service',
      comment: 'Services share code only through shared/; they talk over RabbitMQ and HTTP, never by import.',
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/([^/]+)/', pathNot: '^services/$1/' },
    },
    {
      name: 'service-imports-gateway',
      severity: 'error',
      from: { path: '^services/' },
      to: { path: '^gateway/' },
    },
    {
      name: 'gateway-imports-service',
      severity: 'error',
      from: { path: '^gateway/' },
      to: { path: '^services/' },
    },
    {
      name: 'shared-imports-app-code',
      comment: 'shared/ is a library: it must not depend on the processes that use it.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(gateway|services)/' },
    },
    {
      name: 'domain-is-pure',
      comment: 'src/domain holds rules without I/O.',
      severity: 'error',
      from: { path: '/src/domain/' },
      to: { path: '^(node_modules/(pg|amqplib|amqp-connection-manager|ioredis|express)/|.*/src/(data|http|messaging)/)' },
    },
    {
      name: 'domain-imports-shared-core-only',
      comment: 'Of the shared library, domain code may use the core entry point alone (zod, ids, errors, access, plans, contracts).',
      severity: 'error',
      from: { path: '/src/domain/' },
      to: { path: '^shared/(?!core\\.ts$)[^/]+\\.ts$' },
    },
    {
      name: 'core-and-domain-reach-no-io',
      comment: 'Neither domain code nor the shared core may reach, however indirectly, a web framework, a database or broker client, a logger or telemetry.',
      severity: 'error',
      from: { path: '(/src/domain/|^shared/core\\.ts$)' },
      to: { path: '^node_modules/(pg|pg-[^/]+|amqplib|amqp-connection-manager|ioredis|express|pino|@opentelemetry/[^/]+)/', reachable: true },
    },
    {
      name: 'shared-entry-points-only',
      comment: 'Code outside shared/ uses the library through its entry points (core, config, http, db, messaging, observability, runtime, instrument), never its files.',
      severity: 'error',
      from: { path: '^(gateway|services|scripts)/' },
      to: { path: '^shared/src/' },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '\\.test\\.ts$' },
  },
};
