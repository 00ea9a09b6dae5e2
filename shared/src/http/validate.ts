import type { z } from 'zod';
import { BadRequest } from '../errors';
import { formatPath } from './untrusted-input';

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

export type InputPart = 'body' | 'query' | 'path' | 'header';

/**
 * The input the first issue blames, as a client names it: the whole field path in a body
 * (`lines[0].quantity`, an unknown key included), the parameter's name in the query or the
 * path (`tagIds`, not `tagIds[2]`), the header's name. Undefined when the issue is about the
 * input as a whole (a body that is not an object).
 */
export function offendingParam(error: z.ZodError, part: InputPart): string | undefined {
  const issue = error.issues[0];
  if (!issue) return undefined;
  const path: (string | number)[] = issue.path.map((segment) => (typeof segment === 'number' ? segment : String(segment)));
  if (issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined) path.push(issue.keys[0]);
  if (path.length === 0) return undefined;
  return part === 'body' ? formatPath(path) : String(path[0]);
}

/** Parses untrusted input with `schema`; throws BadRequest naming each offending field, the first as its `param`. */
export function parseInput<S extends z.ZodTypeAny>(schema: S, input: unknown, what: InputPart): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new BadRequest(`Invalid request ${what}: ${describeIssues(result.error)}`, offendingParam(result.error, what));
  return result.data;
}
