import { z } from '@inv/shared';

export const Supplier = z
  .object({
    id: z.string(),
    name: z.string().openapi({ description: '1 to 128 characters, unique per workspace case-insensitively' }),
    email: z.string().openapi({ description: 'Empty string when not given' }),
    phone: z.string().openapi({ description: 'Empty string when not given' }),
  })
  .openapi('Supplier');
export type Supplier = z.infer<typeof Supplier>;
