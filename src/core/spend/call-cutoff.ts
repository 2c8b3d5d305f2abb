import { hasCode } from '../../telephony/errors.js';
import { outcomeOf } from '../guard/audited.js';
import type { CallReservation } from '../ports/reservations.js';
import { clientFor, type ProactiveContext } from '../proactive/context.js';

/** How long a cut-off stays claimed: far longer than any call. */
const CUT_CLAIM_MS = 86_400_000;

/** `<reservation id>:<account>`: one job item (the id is hex, so the first colon splits). */
const itemOf = (account: string, e: CallReservation) => `${e.id}:${account}`;

/** The calls whose allowed time is up and that the bot has not hung up yet (docs/money-guard.md §1.5). */
export async function dueCutoffs(ctx: Pick<ProactiveContext, 'stores' | 'clock'>): Promise<string[]> {
  const now = ctx.clock().getTime();
  const due: string[] = [];
  for await (const book of ctx.stores.reservations.list())
    for (const e of book.entries) if (isDue(e, now)) due.push(itemOf(book.id, e));
  return due;
}

const isDue = (e: CallReservation, now: number) =>
  e.call !== undefined && e.cutAt === undefined && Date.parse(e.call.cutAt) <= now;

/**
 * Hangs up one call whose allowed time ran out (docs/money-guard.md §1.5): the bound a spend limit reserved is
 * real only because the bot ends the call itself. Claimed once across instances before the hang-up
 * is sent (never-retry, provider-notes §3); a call that already ended ("not found") is done too. A
 * passing failure gives the claim back for the next run; an unknown outcome keeps it (not resent).
 */
export async function cutOffCall(ctx: ProactiveContext, item: string): Promise<boolean> {
  const split = item.indexOf(':');
  const [id, account] = [item.slice(0, split), item.slice(split + 1)];
  const entry = (await ctx.stores.reservations.get(account))?.entries.find((e) => e.id === id);
  const now = ctx.clock();
  if (!entry?.call || !isDue(entry, now.getTime())) return false;
  const claim = `cutoff:${entry.id}`;
  if (!(await ctx.stores.proactive.claims.claim(claim, CUT_CLAIM_MS))) return false;
  const client = await clientFor(ctx, entry.call);
  let stopped = false;
  if (client) {
    try {
      await client.stopcallback({ callId: entry.call.callId });
      stopped = true;
    } catch (err) {
      if (!hasCode(err, 'TEL_NOT_FOUND') && outcomeOf(err) !== 'unknown') {
        await ctx.stores.proactive.claims.release(claim);
        throw err;
      }
    }
  }
  await ctx.stores.reservations.update(account, (book) => ({
    ...book,
    entries: book.entries.map((e) => (e.id === id ? { ...e, cutAt: now.toISOString() } : e)),
  }));
  if (stopped)
    ctx.logger.info(
      { callId: entry.call.callId, minutes: entry.allowedMinutes },
      'call cut at the end of the time its spend limit allowed',
    );
  return stopped;
}

/** Every due cut-off, one after another (the in-process schedule). */
export async function cutOffCalls(ctx: ProactiveContext): Promise<{ cut: number }> {
  let cut = 0;
  for (const item of await dueCutoffs(ctx)) if (await cutOffCall(ctx, item)) cut += 1;
  return { cut };
}
