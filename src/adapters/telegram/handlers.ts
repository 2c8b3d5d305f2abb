import type { Bot, Context } from 'grammy';
import type { Core, IncomingText } from '../../core/core.js';
import { type Language, languageOf } from '../../core/messages.js';
import type { ActionOutcome, Reply } from '../../core/reply.js';
import { errorSummary } from '../../core/safe-error.js';
import type { AdminCache } from './admin-cache.js';
import { ANSWER_BUDGET_MS, typingWhile } from './busy.js';
import type { Deliverer, DeliveryTarget, Scheduler } from './deliver.js';
import { chatRefOf, identityOf, isAddressed, messageKind, normaliseText } from './incoming.js';
import type { TelegramMessages } from './messages.js';
import type { TelegramLogger } from './options.js';

export interface HandlerOptions {
  core: Core;
  deliverer: Deliverer;
  admins: AdminCache;
  logger: TelegramLogger;
  messages: (language: Language) => TelegramMessages;
  /** Timers of the "typing…" indicator and the press-answer budget. */
  busyScheduler: Scheduler;
}

/** `answerCallbackQuery` shows at most 200 characters (Bot API). */
const NOTICE_LIMIT = 200;

/**
 * Translates messages and button presses into core calls, and the core's answers into Telegram
 * calls. Nothing here decides what a command does (style.md, "adapters are thin translators").
 */
export function installHandlers(bot: Bot, options: HandlerOptions): void {
  const { core, deliverer, admins, logger, messages, busyScheduler } = options;

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
      const work = core.handleText({
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
      // A slow provider: the chat shows "typing…" meanwhile (issue 12).
      typingWhile(work, busyScheduler, () => ctx.api.sendChatAction(msg.chat.id, 'typing'));
      replies = await work;
    } catch (error) {
      logger.error(
        { updateId: ctx.update.update_id, err: errorSummary(error) },
        'telegram: core failed on a message',
      );
      replies = [{ text: messages(languageOf(from.language_code)).failed, tone: 'error' }];
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
    const target = targetOf(ctx, chat);
    const work = (async (): Promise<ActionOutcome> => {
      try {
        const userIsAdmin = kind === 'shared' ? await admins.isAdmin(chat.id, query.from.id) : undefined;
        return await core.handleAction({
          identity: identityOf(query.from),
          chat: chatRefOf(chat, userIsAdmin),
          actionId: query.data!,
          ...(query.from.language_code ? { locale: query.from.language_code } : {}),
          requestId: requestIdOf(ctx),
        });
      } catch (error) {
        logger.error(
          { updateId: ctx.update.update_id, err: errorSummary(error) },
          'telegram: core failed on a button',
        );
        return { notice: messages(languageOf(query.from.language_code)).failed };
      }
    })();
    // Answer first (issue 12): until then the user's client shows a spinner, and Telegram refuses
    // answers after a short deadline. The core's notice rides along when it decides within the
    // budget; otherwise the answer goes at once without it. Exactly one answer is sent.
    let answered: Promise<void> | undefined;
    const answer = (notice?: string) => {
      answered ??= ctx.answerCallbackQuery(notice ? { text: notice.slice(0, NOTICE_LIMIT) } : undefined).then(
        () => undefined,
        (error: unknown) => {
          // The outcome is still shown below: a failed answer must not cost the user the result.
          logger.warn(
            { updateId: ctx.update.update_id, err: errorSummary(error) },
            'telegram: press answer failed',
          );
        },
      );
      return answered;
    };
    let settled = false;
    busyScheduler.schedule(ANSWER_BUDGET_MS, async () => {
      if (!settled) await answer();
    });
    typingWhile(work, busyScheduler, () => ctx.api.sendChatAction(chat.id, 'typing'));
    const outcome = await work;
    settled = true;
    const answeredEarly = answered !== undefined;
    await answer(outcome.notice);
    const followUps = [...(outcome.followUps ?? [])];
    // A notice that missed the answer and has no edit to carry it is said in the chat instead.
    if (answeredEarly && outcome.notice && !outcome.update && followUps.length === 0)
      followUps.push({ text: outcome.notice, tone: 'info' });
    if (outcome.update) {
      if (message && message.date !== 0) await deliverer.edit(target, message.message_id, outcome.update);
      else followUps.unshift(outcome.update);
    }
    // The update (the confirmation's public outcome) already says where the rest went.
    if (followUps.length > 0) await deliverer.deliver(target, followUps, !outcome.update);
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
