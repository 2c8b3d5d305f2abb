import type { Update } from 'grammy/types';

/** Options of {@link createWebhookBacklog}. */
export interface WebhookBacklogOptions {
  /** Updates taken and not yet handled, at most (`TELEPHONY_BACKLOG`). */
  backlog: number;
  /** Updates of one sender taken and not yet handled, at most. */
  perSender: number;
  /** The provider's own backlog is full (`core.busy()`): everyone waits, its bound is the provider's. */
  providerBusy: () => boolean;
}

/**
 * The share of the backlog kept for senders with nothing taken: once the rest is full, a sender
 * who already has an update inside waits at Telegram while one who has none is still taken
 * (docs/operations.md §7, admission control).
 */
export const NEWCOMERS_SHARE = 1 / 4;

/**
 * What the Telegram webhook has taken and not yet handled, in all and per sender, and who must wait
 * (503: Telegram delivers the update again later). Fair by user at the door as the admission is at
 * the provider's sockets: a heavy user's excess is refused first, so a light user's update is not
 * turned away, nor queued, behind someone else's backlog.
 */
export interface WebhookBacklog {
  /** This update must wait at Telegram. */
  refuses(update: Update): boolean;
  /** Counts the update in; the returned function counts it out once handled. */
  enter(update: Update): () => void;
  size(): number;
}

export function createWebhookBacklog(options: WebhookBacklogOptions): WebhookBacklog {
  const { backlog, perSender, providerBusy } = options;
  const crowded = Math.ceil(backlog * (1 - NEWCOMERS_SHARE));
  let pending = 0;
  const bySender = new Map<number, number>();
  return {
    refuses(update) {
      const own = bySender.get(senderOf(update)) ?? 0;
      if (pending >= backlog || own >= perSender || providerBusy()) return true;
      return own > 0 && pending >= crowded;
    },
    enter(update) {
      const sender = senderOf(update);
      pending += 1;
      bySender.set(sender, (bySender.get(sender) ?? 0) + 1);
      return () => {
        pending -= 1;
        const left = (bySender.get(sender) ?? 1) - 1;
        if (left > 0) bySender.set(sender, left);
        else bySender.delete(sender);
      };
    },
    size: () => pending,
  };
}

/** Who sent an update (`message.from`, `callback_query.from` …); 0 when it names nobody. */
function senderOf(update: Update): number {
  for (const value of Object.values(update))
    if (typeof value === 'object' && value !== null && 'from' in value)
      return (value as { from?: { id?: number } }).from?.id ?? 0;
  return 0;
}
