/** Configuration read from the environment, parsed once with zod. */
export * from './src/config';
