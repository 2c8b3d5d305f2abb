import type { Bot, Context } from 'grammy';
import {
  type Conversation,
  type Core,
  type Door,
  errorSummary,
  type IncomingAction,
  type IncomingText,
  type Language,
} from '../../core/index.js';
import type { AdminCache } from './admin-cache.js';
import { ANSWER_BUDGET_MS, typingWhile } from './busy.js';
import type { Deliverer, DeliveryTarget, Scheduler } from './deliver.js';
import type { EditRecords } from './edits.js';
import { GUEST_UPDATE, type GuestOptions, installGuest } from './guest.js';
import { chatKindOf, chatRefOf, identityOf, isAddressed, messageKind, normaliseText } from './incoming.js';
import type { TelegramMessages } from './messages.js';
import { installOddInputs } from './odd-inputs.js';
import type { TelegramLogger } from './options.js';

export interface HandlerOptions {
  /** The core's door: every message and press enters through it (the one road in). */
  door: Door;
  deliverer: Deliverer;
  admins: Pick<AdminCache, 'isAdmin' | 'isAdminNow'>;
  logger: TelegramLogger;
  /**
   * The core behind the door: its command table (an anonymous admin's personal commands,
   * odd-inputs.ts) and the two commands a guest query runs (guest.ts).
   */
  core: Pick<Core, 'commands'> & GuestOptions['core'];
  messages: (language: Language) => TelegramMessages;
  /** Timers of the "typing…" indicator and the press-answer budget. */
  busyScheduler: Scheduler;
  /** What each message's command did, for its edits, in the store (edits.ts). Absent: memory only. */
  edits?: EditRecords | undefined;
}

/** `answerCallbackQuery` shows at most 200 characters (Bot API). */
const NOTICE_LIMIT = 200;

/**
 * Translates messages and button presses into core calls, and the core's answers into Telegram
 * calls. Nothing here decides what a command does (docs/architecture.md §7, "adapters are thin translators").
 */
export function installHandlers(bot: Bot, given: HandlerOptions): void {
  // Edits, other bots' commands, channel posts, anonymous admins: answered first (odd-inputs.ts).
  const options = installOddInputs(bot, given);
  // A photo's caption is read like a text message: `/balance` under a picture still runs (docs/interface.md §4.1).
  bot.on(['message:text', 'message:caption'], async (ctx) => {
    const raw = ctx.message.text ?? ctx.message.caption ?? '';
    const kind = chatKindOf(ctx.message.chat);
    const text = normaliseText(raw, kind, ctx.me.username);
    if (text === undefined) return;
    await onMessage(ctx, options, { text, addressed: isAddressed(raw, kind, ctx.me.username) });
  });

  // A shared contact fills the number of /call or /target (docs/interface.md §4.1).
  bot.on('message:contact', async (ctx) => {
    const kind = chatKindOf(ctx.message.chat);
    await onMessage(ctx, options, {
      text: '',
      addressed: kind === 'private',
      attachment: { kind: 'contact', phone: ctx.message.contact.phone_number },
    });
  });

  // Stickers, voice and the rest: one short line in private saying what the bot reads.
  bot.on('message', async (ctx) => {
    const kind = chatKindOf(ctx.message.chat);
    if (ctx.message.from.is_bot) return;
    await onMessage(ctx, options, {
      text: '',
      addressed: kind === 'private',
      attachment: { kind: 'other', type: messageKind(ctx.message as unknown as Record<string, unknown>) },
    });
  });

  bot.on('callback_query', (ctx) => onPress(ctx, options));
  installGuest(bot, options);
}

/** The update types the handlers read (the draft's stop is progress.ts's). */
export const HANDLED_UPDATES = [
  'message',
  'edited_message',
  'channel_post',
  'callback_query',
  GUEST_UPDATE,
] as const;

/** One message to the core: text (or a caption), a shared contact, or another kind of message. */
async function onMessage(
  ctx: Context,
  options: HandlerOptions,
  input: { text: string; addressed: boolean; attachment?: IncomingText['attachment'] },
): Promise<void> {
  const { admins, busyScheduler } = options;
  const msg = ctx.message!;
  const from = msg.from!;
  const kind = chatKindOf(msg.chat);
  // A command declared `is_ephemeral`, typed in a group, reached the bot alone (docs/privacy.md §2.2):
  // it has no message id to reply to or delete (`message_id` 0), and nobody else read it.
  const onlyBot = receivedByBotAlone(msg, ctx.me.id);
  const conversation = options.deliverer.conversation(
    targetOf(ctx, msg.chat, onlyBot ? undefined : msg.message_id),
  );
  await options.door.receive({
    ...envelopeOf(ctx, conversation),
    async enrich() {
      const userIsAdmin = kind === 'shared' ? await admins.isAdmin(msg.chat.id, from.id) : undefined;
      const text: IncomingText = {
        identity: identityOf(from),
        chat: chatRefOf(msg.chat, userIsAdmin),
        text: input.text,
        via: 'chat',
        can: options.deliverer.can,
        addressed: input.addressed,
        ...(onlyBot ? { inputIsPrivate: true } : {}),
        ...(input.attachment ? { attachment: input.attachment } : {}),
        ...(from.language_code ? { locale: from.language_code } : {}),
        // Telegram's `date` is in seconds; a redelivered old command is not run late (docs/reliability.md §5.3).
        sentAt: new Date(msg.date * 1000),
        // An edit run as new (edits.ts): Telegram marks it with the time of the edit.
        ...(msg.edit_date !== undefined ? { edited: true } : {}),
        requestId: requestIdOf(ctx),
        deliveryId: requestIdOf(ctx),
      };
      return { text };
    },
    // A slow provider: a private chat shows "typing…" meanwhile (docs/reliability.md §2.3). Not a group: the answer
    // may go privately, and the group would see someone's personal question being worked on.
    meanwhile: (work) => {
      if (kind === 'private')
        typingWhile(work, busyScheduler, () => ctx.api.sendChatAction(msg.chat.id, 'typing'));
    },
  });
}

/**
 * The cheap envelope of an update (docs/reliability.md §1.1): its `update_id`, claimed once by the
 * core (two bots sharing a store have overlapping ids, so the bot's id is part of the claim),
 * and the sender's language.
 */
function envelopeOf(ctx: Context, conversation: Conversation) {
  const updateId = ctx.update.update_id;
  const locale = ctx.from?.language_code;
  return {
    deliveryId: `telegram:update:${ctx.me.id}:${updateId}`,
    conversation,
    ...(locale ? { locale } : {}),
    log: { updateId },
  };
}

/**
 * A button press: the core decides, the press is answered (at once, or with the core's notice when
 * it decides within the budget), then the outcome is shown: the pressed message edited, follow-ups sent.
 */
async function onPress(ctx: Context, options: HandlerOptions): Promise<void> {
  const query = ctx.callbackQuery!;
  if (query.data === undefined) {
    await ctx.answerCallbackQuery();
    return;
  }
  const actionId = query.data;
  const from = query.from;
  // The message carrying the button; a very old one is "inaccessible" (date 0) and cannot be edited.
  const message = query.message;
  const chat = message?.chat ?? { id: query.from.id, type: 'private' as const };
  // An ephemeral message (Bot API 10.2) is seen by the presser alone; it is edited as such.
  const ephemeralMessageId = (message as { ephemeral_message_id?: number } | undefined)?.ephemeral_message_id;
  // A very old message is "inaccessible" (date 0) and cannot be edited: the update then follows anew.
  const pressed = message && message.date !== 0 ? message.message_id : undefined;
  // The press travels with its answers: an ephemeral reply cites it, and one pressed is edited as such.
  const target: DeliveryTarget = {
    ...targetOf(ctx, chat),
    press: { queryId: query.id, ...(ephemeralMessageId !== undefined ? { ephemeralMessageId } : {}) },
  };
  let answer: ReturnType<typeof createPressAnswer> | undefined;
  await options.door.receive({
    ...envelopeOf(ctx, options.deliverer.conversation(target, pressed)),
    press: true,
    notice: (text) => ctx.answerCallbackQuery({ text: text.slice(0, NOTICE_LIMIT) }).then(() => undefined),
    async enrich() {
      answer = createPressAnswer(ctx, options);
      const userIsAdmin =
        chat.type === 'private' ? undefined : await options.admins.isAdmin(chat.id, from.id);
      const action: IncomingAction = {
        identity: identityOf(from),
        chat: chatRefOf(chat, userIsAdmin),
        actionId,
        can: options.deliverer.can,
        ...(ephemeralMessageId !== undefined ? { pressedPrivately: true } : {}),
        ...(from.language_code ? { locale: from.language_code } : {}),
        requestId: requestIdOf(ctx),
        deliveryId: requestIdOf(ctx),
        // An approval asks past the admin cache (docs/money-guard.md §2.5).
        ...(chat.type === 'private'
          ? {}
          : { roleNow: async () => ({ userIsAdmin: await options.admins.isAdminNow(chat.id, from.id) }) }),
      };
      return { action };
    },
    meanwhile: (work) => {
      if (chat.type === 'private')
        typingWhile(work, options.busyScheduler, () => ctx.api.sendChatAction(chat.id, 'typing'));
    },
    async show(outcome) {
      const answeredEarly = answer?.settle() ?? false;
      await answer?.send(outcome.notice);
      // A notice that missed the answer is the core's executor's to place (the presser alone).
      return { rest: outcome, noticeShown: !answeredEarly };
    },
  });
}

/**
 * Answer first (docs/reliability.md §2.3): until then the user's client shows a spinner, and Telegram refuses
 * answers after a short deadline. The core's notice rides along when it decides within the
 * budget; otherwise the answer goes at once without it. Exactly one answer is sent.
 * `settle()` marks the core's decision as made and tells whether the answer went before it.
 */
function createPressAnswer(ctx: Context, options: HandlerOptions) {
  let answered: Promise<void> | undefined;
  let settled = false;
  const send = (notice?: string) => {
    answered ??= ctx.answerCallbackQuery(notice ? { text: notice.slice(0, NOTICE_LIMIT) } : undefined).then(
      () => undefined,
      (error: unknown) => {
        // The outcome is still shown: a failed answer must not cost the user the result.
        options.logger.warn(
          { updateId: ctx.update.update_id, err: errorSummary(error) },
          'telegram: press answer failed',
        );
      },
    );
    return answered;
  };
  options.busyScheduler.schedule(ANSWER_BUDGET_MS, async () => {
    if (!settled) await send();
  });
  return {
    send,
    settle(): boolean {
      settled = true;
      return answered !== undefined;
    },
  };
}

function targetOf(
  ctx: Context,
  chat: { id: number; type: string },
  incomingMessageId?: number,
): DeliveryTarget {
  const from = ctx.from!;
  return {
    chat: { id: chat.id, kind: chatKindOf(chat) },
    user: { id: from.id, name: identityOf(from).displayName ?? String(from.id) },
    ...(incomingMessageId !== undefined ? { incomingMessageId } : {}),
  };
}

/**
 * An ephemeral message (Bot API 10.2) whose one receiver is this bot: only its sender and the bot
 * see it. Anything else, an older server's ordinary message included, was read by the chat.
 */
function receivedByBotAlone(msg: object, botId: number): boolean {
  const m = msg as { ephemeral_message_id?: number; receiver_user?: { id: number } };
  return m.ephemeral_message_id !== undefined && m.receiver_user?.id === botId;
}

/** The bot and the update: Telegram redelivers an update with the same id (Bot API `Update`). */
function requestIdOf(ctx: Context): string {
  return `tg-${ctx.me.id}-${ctx.update.update_id}`;
}
