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
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '\\.test\\.ts$' },
  },
};
