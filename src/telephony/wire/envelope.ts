import { z } from 'zod';
import { optStr } from './fields.js';

// ---- 7 envelope ----------------------------------------------------------------------------------------------

export const envelope = z.looseObject({
  error: z
    .union([z.boolean(), z.literal('true'), z.literal('false'), z.literal(0), z.literal(1)])
    .transform((v) => v === true || v === 'true' || v === 1),
  codes: z
    .array(z.looseObject({ code: z.union([z.number(), z.string()]).transform(Number), description: optStr }))
    .optional()
    .default([]),
  body: z.unknown().optional(),
});
