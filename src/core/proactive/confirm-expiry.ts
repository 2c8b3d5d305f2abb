import { errorSummary } from '../logs/safe-error.js';
import { disabledAction } from '../menu/button-state.js';
import { languageOf, messagesFor } from '../messages.js';
import type { JobKind } from '../ports/jobs.js';
import type { ExpiringConfirmation } from '../ports/proactive.js';
import type { Reply } from '../reply.js';
import { CLAIM_HOLD_MS, DeliveryFailedError, type ProactiveContext } from './context.js';
import { type PaceOptions, runPaced } from './paced.js';

/**
 * Edits in one chat a tick at most. The job runs every 15 s, so one chat sees at most 20 edits a
 * minute, Telegram's limit for a group; the rest wait for the next tick (docs/interface.md §2.6).
 */
export const CONFIRM_EDITS_PER_CHAT = 5;

/**
 * The confirmations past their time, as job items (docs/interface.md §2.6): each one with nothing to
 * edit (no landing was reported), and at most {@link CONFIRM_EDITS_PER_CHAT} per chat with one.
 */
export async function dueConfirmations(ctx: Pick<ProactiveContext, 'stores' | 'clock'>): Promise<string[]> {
  const now = ctx.clock().getTime();
  const perChat = new Map<string, number>();
  const due: string[] = [];
  for await (const record of ctx.stores.proactive.confirmations.list()) {
    if (now < Date.parse(record.expiresAt)) continue;
    const m = record.message;
    const chat = m ? `${m.platform}:${m.tenant}:${m.chatId}` : undefined;
    const count = chat ? (perChat.get(chat) ?? 0) : 0;
    if (chat && count >= CONFIRM_EDITS_PER_CHAT) continue;
    if (chat) perChat.set(chat, count + 1);
    due.push(record.id);
  }
  return due;
}

/**
 * One confirmation at its expiry: closed with the marker a press takes (the press wins when it took
 * the action first, and its outcome is never written over), then its message edited through the
 * road out into its prompt, the expiry words and one disabled "Expired". An edit the platform
 * refuses (the message deleted, too old, a spent response URL) is logged once and dropped, never
 * sent as a new message; a passing failure is tried again by the next run, while the press's marker
 * still tells (the pending store's `closeExpired`). Runs once at a time per confirmation (a claim).
 */
export async function expireConfirmation(ctx: ProactiveContext, id: string): Promise<'edited' | 'dropped'> {
  const records = ctx.stores.proactive.confirmations;
  const record = await records.get(id);
  if (!record || ctx.clock().getTime() < Date.parse(record.expiresAt)) return 'dropped';
  // Nothing to edit: no landing was reported, or no channel here edits that platform's messages.
  if (!record.message || !ctx.outbox.runs(record.message.platform)) {
    await records.retire(record);
    return 'dropped';
  }
  const claim = `confirm-expiry:${id}`;
  if (!(await ctx.stores.proactive.claims.claim(claim, CLAIM_HOLD_MS))) return 'dropped';
  if (!(await ctx.stores.pending.closeExpired(record))) {
    await records.retire(record);
    return 'dropped';
  }
  const outcome = await ctx.outbox.edit(record.message, expiredReply(record));
  if (outcome.status === 'failed') {
    await ctx.stores.proactive.claims.release(claim);
    throw new DeliveryFailedError();
  }
  if (outcome.status === 'refused')
    ctx.logger.info(
      { confirmation: id, reason: outcome.reason },
      'confirmation expiry: edit refused; dropped',
    );
  await records.retire(record);
  return outcome.status === 'sent' ? 'edited' : 'dropped';
}

/** Its edits: a steady trickle under Telegram's 30 messages a second, whatever the sweeps' pace. */
const CONFIRM_PACE = { concurrency: 4, perSecond: 20 };

/** Every due confirmation, paced as the sweeps are but slower (the in-process schedule). */
export async function expireConfirmations(
  ctx: ProactiveContext,
  sweepPace: PaceOptions,
): Promise<{ edited: number }> {
  const pace = { ...sweepPace, ...CONFIRM_PACE };
  let edited = 0;
  await runPaced(
    await dueConfirmations(ctx),
    async (id) => {
      try {
        if ((await expireConfirmation(ctx, id)) === 'edited') edited += 1;
      } catch (err) {
        ctx.logger.warn(
          { confirmation: id, err: errorSummary(err) },
          'confirmation expiry: next run retries',
        );
      }
    },
    pace,
  );
  return { edited };
}

/** The job kind: one item per due confirmation (docs/proactive.md §5.3). */
export function confirmExpiryKind(ctx: ProactiveContext, pattern: string): JobKind {
  return {
    name: 'confirm-expiry',
    pattern,
    items: () => dueConfirmations(ctx),
    run: async (id) => {
      await expireConfirmation(ctx, id);
    },
  };
}

/** The confirmation as it now reads: its prompt, the expiry words, one disabled button. */
function expiredReply(record: ExpiringConfirmation): Reply {
  const language = languageOf(record.language);
  const t = messagesFor(language);
  return {
    text: `${record.prompt}\n${t.confirmExpired}`,
    actions: [disabledAction(t, 'expired')],
    visibility: 'public',
    language,
  };
}
