import type { Context, MiddlewareFn } from 'grammy';
import { type DedupeStore, isStoreUnavailable, messagesFor } from '../../core/index.js';
import type { TelegramLogger } from './options.js';

export interface DedupeUpdatesOptions {
  store: DedupeStore;
  /** The bot's id: two bots sharing a store have overlapping `update_id`s. Known after `bot.init()`. */
  botId: () => number;
  ttlMs: number;
  logger: TelegramLogger;
}

/**
 * Claims each `update_id` before anything else happens, and drops an update whose claim was already
 * taken (docs/reliability.md §1.1). Telegram
 * redelivers an update when the bot did not confirm it (a crash, a webhook answer that got lost), or
 * to a second instance (docs/reliability.md §1.2): without this a redelivered `/topup` confirmation could top up twice.
 *
 * When the store cannot answer, the error propagates and the update is not processed: losing a
 * command is recoverable by the user, running a top-up twice is not.
 */
export function dedupeUpdates(options: DedupeUpdatesOptions): MiddlewareFn<Context> {
  return async (ctx, next) => {
    const updateId = ctx.update.update_id;
    let first: boolean;
    try {
      first = await options.store.claim(`telegram:update:${options.botId()}:${updateId}`, options.ttlMs);
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      // docs/reliability.md §5.2: the shared store is down. Nothing runs; the user is told, which is harmless even
      // if this update was a duplicate.
      options.logger.warn({ updateId }, 'telegram: store unavailable, update not run');
      const text = messagesFor(ctx.from?.language_code).storeUnavailable;
      if (ctx.callbackQuery)
        await ctx.answerCallbackQuery({ text: text.slice(0, 200) }).catch(() => undefined);
      else if (ctx.chat) await ctx.reply(text).catch(() => undefined);
      return;
    }
    if (!first) {
      options.logger.info({ updateId }, 'telegram: dropped a redelivered update');
      return;
    }
    await next();
  };
}
