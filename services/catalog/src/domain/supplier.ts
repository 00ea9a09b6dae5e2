import { ApiId, z } from '@inv/shared/core';

export const Supplier = z
  .object({
    id: ApiId,
    name: z.string().openapi({ description: '1 to 128 characters, unique per workspace case-insensitively', example: 'Acme Supplies' }),
    email: z.string().openapi({ description: 'Empty string when not given', example: 'orders@acme.example' }),
    phone: z.string().openapi({ description: 'Empty string when not given', example: '+1 555 0100' }),
  })
  .openapi('Supplier');
export type Supplier = z.infer<typeof Supplier>;
