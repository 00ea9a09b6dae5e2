/**
 * The HTTP edge (Express): route definitions, the signed internal context, input checks, the error
 * envelope, the OpenAPI document, idempotent answers, the API server.
 */
export * from './src/http/api-server';
export * from './src/deadline';
export * from './src/http/admission';
export * from './src/http/api-tags';
export * from './src/http/csv-export';
export * from './src/http/errors-middleware';
export * from './src/http/internal-context';
export * from './src/http/openapi';
export * from './src/http/query';
export * from './src/http/read-your-writes';
export * from './src/http/request-input';
export * from './src/http/route-definition';
export * from './src/http/service-app';
export * from './src/http/untrusted-input';
export * from './src/http/validate';
export * from './src/idempotency/respond';
