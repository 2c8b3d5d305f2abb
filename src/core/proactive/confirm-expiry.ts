import { errorSummary } from '../logs/safe-error.js';
import { disabledAction } from '../menu/button-state.js';
import { languageOf, messagesFor } from '../messages.js';
import type { ExpiringConfirmation } from '../ports/proactive.js';
import type { Reply } from '../reply.js';
import type { ProactiveContext } from './context.js';

/**
 * Telegram lets a bot edit about 20 messages a minute in one group; the sweep runs every minute, so
 * it edits at most this many per chat a run and leaves the rest to the next.
 */
export const CONFIRM_EDITS_PER_CHAT = 20;

/**
 * Confirmations past their time (docs/interface.md §2.6): each still pending is closed by the same
 * single-use marker a press takes (so a press that landed first is never undone), and its message
 * edited to a disabled "Expired" through the road out, at most {@link CONFIRM_EDITS_PER_CHAT} per
 * chat a run.
 */
export async function expireConfirmations(
  ctx: ProactiveContext,
): Promise<{ edited: number; deferred: number }> {
  const now = ctx.clock().getTime();
  const records = ctx.stores.proactive.confirmations;
  const perChat = new Map<string, number>();
  let edited = 0;
  let deferred = 0;
  for await (const record of records.list()) {
    if (now < Date.parse(record.expiresAt)) continue;
    const chat = record.message ? `${record.message.platform}:${record.message.chatId}` : '';
    const count = perChat.get(chat) ?? 0;
    if (record.message && count >= CONFIRM_EDITS_PER_CHAT) {
      deferred += 1;
      continue;
    }
    try {
      const open = await ctx.stores.pending.closeExpired(record.id);
      if (open && record.message) {
        perChat.set(chat, count + 1);
        await ctx.outbox.edit(record.message, expiredReply(record));
        edited += 1;
      }
      await records.retire({ id: record.id, rev: record.rev });
    } catch (err) {
      ctx.logger.warn({ confirmation: record.id, err: errorSummary(err) }, 'confirmation expiry failed');
    }
  }
  return { edited, deferred };
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
