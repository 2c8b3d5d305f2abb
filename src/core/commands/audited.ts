import type { CommandContext } from '../command-spec.js';

/** How a failed state change is recorded: refused by the provider, unknown (no answer), or failed. */
export function outcomeOf(err: unknown): 'failed' | 'unknown' | 'refused' {
  const code = (err as { code?: string }).code;
  if (code === 'TEL_OUTCOME_UNKNOWN') return 'unknown';
  if (
    code === 'TEL_INVALID_PIN' ||
    code === 'TEL_FORBIDDEN' ||
    code === 'TEL_NOT_FOUND' ||
    code === 'TEL_NO_CALLING_CARD'
  )
    return 'refused';
  return 'failed';
}

/**
 * Runs one state-changing provider operation and writes its audit entry either way (issue 4: every
 * state-changing command, with its outcome). Errors are re-thrown for the caller to answer.
 */
export async function audited<T>(
  ctx: Pick<CommandContext<unknown>, 'audit'>,
  entry: { command: string; account: string; target?: string },
  run: () => Promise<T>,
  detail?: (result: T) => string,
): Promise<T> {
  let result: T;
  try {
    result = await run();
  } catch (err) {
    await ctx.audit({ ...entry, outcome: outcomeOf(err) });
    throw err;
  }
  await ctx.audit({ ...entry, outcome: 'ok', detail: detail?.(result) });
  return result;
}
