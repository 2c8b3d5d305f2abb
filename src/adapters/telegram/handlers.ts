import type { Bot, Context } from 'grammy';
import type { Core, IncomingText } from '../../core/core.js';
import type { Reply } from '../../core/reply.js';
import type { AdminCache } from './admin-cache.js';
import { type Deliverer, type DeliveryTarget, describe } from './deliver.js';
import { chatRefOf, identityOf, isAddressed, messageKind, normaliseText } from './incoming.js';
import type { TelegramMessages } from './messages.js';
import type { TelegramLogger } from './options.js';

export interface HandlerOptions {
  core: Core;
  deliverer: Deliverer;
  admins: AdminCache;
  logger: TelegramLogger;
  messages: TelegramMessages;
}

/** `answerCallbackQuery` shows at most 200 characters (Bot API). */
const NOTICE_LIMIT = 200;

/**
 * Translates messages and button presses into core calls, and the core's answers into Telegram
 * calls. Nothing here decides what a command does (style.md, "adapters are thin translators").
 */
export function installHandlers(bot: Bot, options: HandlerOptions): void {
  const { core, deliverer, admins, logger, messages } = options;

  /** One message to the core: text (or a caption), a shared contact, or another kind of message. */
  async function onMessage(
    ctx: Context,
    input: { text: string; addressed: boolean; attachment?: IncomingText['attachment'] },
  ): Promise<void> {
    const msg = ctx.message!;
    const from = msg.from!;
    const kind = msg.chat.type === 'private' ? 'private' : 'shared';
    const userIsAdmin = kind === 'shared' ? await admins.isAdmin(msg.chat.id, from.id) : undefined;
    const target = targetOf(ctx, msg.chat, msg.message_id);
    let replies: Reply[];
    try {
      replies = await core.handleText({
        identity: identityOf(from),
        chat: chatRefOf(msg.chat, userIsAdmin),
        text: input.text,
        via: 'chat',
        addressed: input.addressed,
        ...(input.attachment ? { attachment: input.attachment } : {}),
        ...(from.language_code ? { locale: from.language_code } : {}),
        // Telegram's `date` is in seconds; a redelivered old command is not run late (issue 10).
        sentAt: new Date(msg.date * 1000),
        requestId: requestIdOf(ctx),
      });
    } catch (error) {
      logger.error(
        { updateId: ctx.update.update_id, err: describe(error) },
        'telegram: core failed on a message',
      );
      replies = [{ text: messages.failed, tone: 'error' }];
    }
    if (replies.length > 0) await deliverer.deliver(target, replies);
  }

  // A photo's caption is read like a text message: `/balance` under a picture still runs (issue 16).
  bot.on(['message:text', 'message:caption'], async (ctx) => {
    const raw = ctx.message.text ?? ctx.message.caption ?? '';
    const kind = ctx.message.chat.type === 'private' ? 'private' : 'shared';
    const text = normaliseText(raw, kind, ctx.me.username);
    if (text === undefined) return;
    await onMessage(ctx, { text, addressed: isAddressed(raw, kind, ctx.me.username) });
  });

  // A shared contact fills the number of /call or /target (issue 16).
  bot.on('message:contact', async (ctx) => {
    const kind = ctx.message.chat.type === 'private' ? 'private' : 'shared';
    await onMessage(ctx, {
      text: '',
      addressed: kind === 'private',
      attachment: { kind: 'contact', phone: ctx.message.contact.phone_number },
    });
  });

  // Stickers, voice and the rest: one short line in private saying what the bot reads.
  bot.on('message', async (ctx) => {
    const kind = ctx.message.chat.type === 'private' ? 'private' : 'shared';
    if (ctx.message.from.is_bot) return;
    await onMessage(ctx, {
      text: '',
      addressed: kind === 'private',
      attachment: { kind: 'other', type: messageKind(ctx.message as unknown as Record<string, unknown>) },
    });
  });

  bot.on('callback_query', async (ctx) => {
    const query = ctx.callbackQuery;
    if (query.data === undefined) {
      await ctx.answerCallbackQuery();
      return;
    }
    // The message carrying the button; a very old one is "inaccessible" (date 0) and cannot be edited.
    const message = query.message;
    const chat = message?.chat ?? { id: query.from.id, type: 'private' as const };
    const kind = chat.type === 'private' ? 'private' : 'shared';
    const userIsAdmin = kind === 'shared' ? await admins.isAdmin(chat.id, query.from.id) : undefined;
    const target = targetOf(ctx, chat);
    let outcome: Awaited<ReturnType<Core['handleAction']>>;
    try {
      outcome = await core.handleAction({
        identity: identityOf(query.from),
        chat: chatRefOf(chat, userIsAdmin),
        actionId: query.data,
        ...(query.from.language_code ? { locale: query.from.language_code } : {}),
        requestId: requestIdOf(ctx),
      });
    } catch (error) {
      logger.error(
        { updateId: ctx.update.update_id, err: describe(error) },
        'telegram: core failed on a button',
      );
      outcome = { notice: messages.failed };
    }
    // Answer first: until then the user's client shows a spinner on the button.
    await ctx.answerCallbackQuery(
      outcome.notice ? { text: outcome.notice.slice(0, NOTICE_LIMIT) } : undefined,
    );
    const followUps = [...(outcome.followUps ?? [])];
    if (outcome.update) {
      if (message && message.date !== 0) await deliverer.edit(target, message.message_id, outcome.update);
      else followUps.unshift(outcome.update);
    }
    if (followUps.length > 0) await deliverer.deliver(target, followUps);
  });
}

function targetOf(
  ctx: Context,
  chat: { id: number; type: string },
  incomingMessageId?: number,
): DeliveryTarget {
  const from = ctx.from!;
  return {
    chat: { id: chat.id, kind: chat.type === 'private' ? 'private' : 'shared' },
    user: { id: from.id, name: identityOf(from).displayName ?? String(from.id) },
    ...(incomingMessageId !== undefined ? { incomingMessageId } : {}),
  };
}

function requestIdOf(ctx: Context): string {
  return `tg-${ctx.me.id}-${ctx.update.update_id}`;
}
