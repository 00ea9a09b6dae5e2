import type { Response } from 'express';
import { z } from 'zod';

/** page ≥ 1 (default 1) and pageSize 1–200 (default 50), as every list endpoint takes them. */
export const Pagination = z.object({
  page: z.coerce.number().int().min(1).default(1).openapi({ description: 'Page number, from 1', example: 1 }),
  pageSize: z.coerce.number().int().min(1).max(200).default(50).openapi({ description: 'Items per page, 1 to 200 (default 50)', example: 50 }),
});
export type Pagination = z.infer<typeof Pagination>;

export function offsetOf(p: Pagination): number {
  return (p.page - 1) * p.pageSize;
}

/** Lists answer a JSON array; the total across all pages travels in X-Total-Count. */
export function setTotalCount(res: Response, total: number): void {
  res.setHeader('X-Total-Count', String(total));
}

/**
 * Accepts repeated parameters (?a=1&a=2), comma-separated values (?a=1,2) and a single value
 * alike; documented as exactly that: an array sent repeated (style form, explode) or a string
 * of comma-separated values.
 */
export function queryArray<T extends z.ZodTypeAny>(item: T, options: { max?: number } = {}) {
  const max = options.max ?? 100;
  // Query values are strings: the JSON schema of one is a plain type/format/enum/length object.
  const { $schema: _dialect, ...itemSchema } = z.toJSONSchema(item, { io: 'input', unrepresentable: 'any' }) as { $schema?: string; type: 'string' };
  return z
    .preprocess(
      (v) => {
        if (v === undefined) return undefined;
        const values = (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(','));
        return values.map((s) => s.trim()).filter((s) => s.length > 0);
      },
      z.array(item).max(max).optional(),
    )
    .openapi({ type: ['array', 'string'], items: itemSchema, maxItems: max, param: { style: 'form', explode: true } });
}

/** "true"/"false" only; anything else is a 400 rather than a silent truthy string. Documented as a boolean. */
export const queryBoolean = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .openapi({ type: 'boolean' });

/** A single-valued parameter: given twice is a 400, not a silent pick of one. */
export function single<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess((v) => v, schema).refine((v) => !Array.isArray(v), { message: 'give this parameter once' });
}
