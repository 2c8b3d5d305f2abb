import { z } from 'zod';

/**
 * Field shapes several configuration sections share, so a port or a URL is checked the same way
 * wherever it appears.
 */

/** An optional URL; an empty or blank value counts as unset. `fix` names the fix with an example. */
export const optionalUrl = (fix: string) =>
  z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.url({ message: fix }).optional())
    .optional();

/** The yes/no spellings people write in an environment file. */
export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A whole number in `[min, max]`, read from the environment's text. */
export const intIn = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** A TCP port; 0 lets the system pick a free one. */
export const port = () => intIn(0, 65535);

/**
 * A cron pattern's shape: 5 fields (or 6 with seconds) of digits, names, `*`, `,`, `-`, `/`, `?`,
 * `L`, `W`, `#`. Checked here without loading croner (`config reference` loads the schema only);
 * croner parses it fully when the scheduler starts.
 */
export function validCron(pattern: string): boolean {
  const fields = pattern.split(/\s+/);
  return (fields.length === 5 || fields.length === 6) && fields.every((f) => /^[\w*,/?#-]+$/.test(f));
}
