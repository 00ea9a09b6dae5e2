import type { z } from 'zod';
import { BadRequest } from '../errors';

/** One readable sentence from zod issues: "name: Too big: expected string to have <=64 characters; ...". */
export function describeIssues(error: z.ZodError, prefix = ''): string {
  return error.issues
    .slice(0, 10)
    .map((issue) => {
      const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** Parses untrusted input with `schema`; throws BadRequest naming each offending field. */
export function parseInput<S extends z.ZodTypeAny>(schema: S, input: unknown, what: 'body' | 'query' | 'path'): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new BadRequest(`Invalid request ${what}: ${describeIssues(result.error)}`);
  return result.data;
}
