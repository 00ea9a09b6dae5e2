/**
 * What every layer may use, domain code included: zod (with `.openapi()`), ids, the error family,
 * access rules, plans and the message contracts between services. It imports no web framework,
 * database or broker client, and importing it starts nothing (.dependency-cruiser.cjs keeps it so).
 */
export { z } from './src/zod';
export * from './src/ids';
export * from './src/errors';
export * from './src/access';
export * from './src/plans';
export * from './src/contracts/catalog';
export * from './src/contracts/locations';
export * from './src/contracts/stock';
export * from './src/caller';
export * from './src/csv';
export * from './src/validation-messages';
export * from './src/unit-identity';
export * from './src/costs';
