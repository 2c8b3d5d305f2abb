import { z } from 'zod';

/**
 * Field shapes several configuration sections share, so a port or a URL is checked the same way
 * wherever it appears. Their refusals say what a valid value looks like; `loadConfig` adds an
 * example (`e.g. NAME=value`, from the field's default or its `meta({ example })`) where the
 * message has none.
 */

/** What an optional URL must be beyond parsing: its schemes, and whether it may carry a path. */
export interface UrlRules {
  /** Allowed schemes without the colon, e.g. `['http', 'https']`. Default: any. */
  protocols?: readonly string[];
  /** Refuse a path other than `/`, a query and a fragment (an address the code appends paths to). */
  originOnly?: boolean;
}

/** An optional URL; an empty or blank value counts as unset. `fix` names the fix with an example. */
export const optionalUrl = (fix: string, rules: UrlRules = {}) =>
  z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(
      z
        .url({ message: fix })
        .superRefine((v, ctx) => {
          // zod runs refinements after a failed format check too.
          if (!URL.canParse(v)) return;
          const problem = urlProblem(new URL(v), rules);
          if (problem) ctx.addIssue({ code: 'custom', message: `${fix}; ${problem}` });
        })
        .optional(),
    )
    .optional();

function urlProblem(url: URL, rules: UrlRules): string | undefined {
  const scheme = url.protocol.slice(0, -1);
  if (rules.protocols && !rules.protocols.includes(scheme))
    return `${scheme}:// is not supported; use ${rules.protocols.map((p) => `${p}://`).join(' or ')}`;
  if (rules.originOnly && (url.pathname !== '/' || url.search || url.hash))
    return `no path: the bot adds /api/rest/v2/ itself, so use ${url.origin}`;
  return undefined;
}

/** The yes/no spellings people write in an environment file. */
export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''], { error: 'must be 1 or 0 (or true/false, yes/no)' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A whole number in `[min, max]`, read from the environment's text. */
export const intIn = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

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
