import { z } from '@inv/shared';

/** Colors are #rrggbb hex; stored and returned in lowercase. */
export const TagColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'expected a #rrggbb hex color')
  .transform((c) => c.toLowerCase())
  .openapi({ description: 'Hex color #rrggbb; returned in lowercase', example: '#3f51b5' });

export const DEFAULT_TAG_COLOR = '#9e9e9e';

export const Tag = z
  .object({
    id: z.string(),
    name: z.string().openapi({ description: '1 to 64 characters, unique per workspace case-insensitively' }),
    color: z.string().openapi({ description: 'Hex color #rrggbb', example: '#3f51b5' }),
  })
  .openapi('Tag');
export type Tag = z.infer<typeof Tag>;
