import { BadRequest } from '../errors';
import { describeIssues, formatPath, type InputPart } from '../validation-messages';
// Loaded for its configuration too: zod's issues are worded by validation-messages.ts.
import { z } from '../zod';

export { describeIssues, type InputPart };

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

/**
 * Parses untrusted input with `schema`. Throws BadRequest whose message says each problem as a
 * sentence (validation-messages.ts: "lines[0].quantity must be greater than 0.") and whose
 * `param` is the first offending field.
 */
export function parseInput<S extends z.ZodTypeAny>(schema: S, input: unknown, what: InputPart): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new BadRequest(describeIssues(result.error, what), offendingParam(result.error, what));
  return result.data;
}
