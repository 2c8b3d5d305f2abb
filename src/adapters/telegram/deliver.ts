import type { Api } from 'grammy';
import type { Language } from '../../core/messages.js';
import type { SentMessage } from '../../core/notify/notifier.js';
import type { Channel, ChannelCapabilities, Conversation } from '../../core/ports/channel.js';
import type { RecordStore, ScheduledDeletion } from '../../core/ports/proactive.js';
import { ACTOR_MARK, type Reply } from '../../core/reply.js';
import { errorSummary } from '../../core/safe-error.js';
import { escapeHtml } from './escape.js';
import type { TelegramMessages } from './messages.js';
import type { TelegramLogger } from './options.js';
import { NO_KEYBOARD, type RenderedReply, renderReply } from './render-html.js';
import { type Scheduler, SecretDeletions } from './secret-deletions.js';
import { editHtml, sendRendered, withoutRich } from './send-html.js';
import { editRich } from './send-rich.js';

/** Where an update came from, and to whom a private reply goes. */
export interface DeliveryTarget {
  chat: { id: number; kind: 'private' | 'shared' };
  /** In a private chat the chat id equals the user id (Bot API), so this is where private replies go. */
  user: { id: number; name: string };
  /** The user's message, to reply to in a group and to delete when it held a secret. */
  incomingMessageId?: number;
}

export interface DelivererOptions {
  api: Api;
  /** Read lazily: known only after `bot.init()`. */
  botUsername: () => string;
  /** The adapter's own strings in the reader's language (`Reply.language`, set by the core). */
  messages: (language: Language) => TelegramMessages;
  logger: TelegramLogger;
  /** Runs a task later: deleting a secret's message after the core's `deleteAfterMs` (issue 16). */
  scheduler: Scheduler;
  /** Where pending deletions survive a restart (the store); absent: memory only. */
  deletions?: RecordStore<ScheduledDeletion>;
}

export { type Scheduler, timerScheduler } from './secret-deletions.js';

/**
 * Telegram's primitives of the one road out (core/ports/channel.ts): renders and sends, edits,
 * deletes, uploads. Where a reply goes is the core's executor's decision (delivery-executor.ts):
 * Telegram cannot show a message to one member of a group, so `showToOne` is false and the core
 * sends such a reply to the private chat instead.
 */
export const TELEGRAM_CAN: ChannelCapabilities = {
  showToOne: false,
  deleteIncoming: true,
  deleteLater: true,
  secretForm: false,
  hiddenInput: false,
  edit: true,
};

export class Deliverer {
  readonly #o: DelivererOptions;

  readonly #deletions: SecretDeletions;

  constructor(options: DelivererOptions) {
    this.#o = options;
    this.#deletions = new SecretDeletions({
      api: options.api,
      scheduler: options.scheduler,
      logger: options.logger,
      ...(options.deletions ? { records: options.deletions } : {}),
    });
  }

  /** At start: the deletions a previous run promised and did not get to (see SecretDeletions). */
  resumeDeletions(): Promise<number> {
    return this.#deletions.resume();
  }

  /** The conversation an update came from: its chat, the person, the message to delete or edit. */
  conversation(target: DeliveryTarget, pressedMessageId?: number): Conversation {
    const inGroup = target.chat.kind === 'shared';
    const replyTo = inGroup ? target.incomingMessageId : undefined;
    return {
      platform: 'telegram',
      can: TELEGRAM_CAN,
      kind: target.chat.kind,
      post: (reply) => this.#send(target.chat.id, reply, replyTo, target),
      showToActor: async () => {
        throw new Error('Telegram cannot show a message to one member of a group');
      },
      postPrivately: async (reply) => {
        try {
          return await this.#send(target.user.id, reply);
        } catch (error) {
          if (isUnreachable(error)) return 'unreachable';
          throw error;
        }
      },
      editPressed: async (reply) => {
        if (pressedMessageId === undefined) return false;
        await this.#edit(target.chat.id, pressedMessageId, reply, target);
        return true;
      },
      deleteIncoming: () => this.#deleteIncoming(target),
      upload: async (file, where, language) => {
        const chatId = where === 'private' ? target.user.id : target.chat.id;
        await this.#send(chatId, { file, ...(language ? { language } : {}) });
      },
    };
  }

  /** Where the core speaks first: a user's private chat (its id is the user id) or a group. */
  channel(): Channel {
    return {
      platform: 'telegram',
      can: TELEGRAM_CAN,
      open: (to) => {
        const chatId = Number(to.kind === 'user' ? to.user : to.chatId);
        const id = { id: chatId, kind: to.kind === 'user' ? ('private' as const) : ('shared' as const) };
        return this.conversation({ chat: id, user: { id: chatId, name: '' } });
      },
      edit: (message, reply) => this.#replace(Number(message.chatId), Number(message.messageId), reply),
    };
  }

  /**
   * Replaces a pressed message (a confirmation's outcome, a page turned in place) and removes its
   * keyboard unless the update brings new buttons. Parts that do not fit follow as new messages.
   */
  async #edit(chatId: number, messageId: number, update: Reply, target: DeliveryTarget): Promise<void> {
    const rendered = this.#render(update, target);
    if (rendered.parts.length === 0 && !rendered.rich) {
      await this.#send(chatId, update);
      return;
    }
    const sent = await this.#editInPlace(chatId, messageId, rendered);
    await this.#deleteLater(chatId, [messageId, ...sent], update.deleteAfterMs);
  }

  /** Replaces an earlier message's text and buttons (a call card once the call ended). */
  async #replace(chatId: number, messageId: number, reply: Reply): Promise<void> {
    await this.#editInPlace(chatId, messageId, this.#render(reply));
  }

  /**
   * Edits a message into `rendered`: its rich form (a page of a table, Bot API 10.1) when it has
   * one and Telegram takes it, else the first HTML part; what does not fit follows as new messages,
   * whose ids are returned. The keyboard stays under the edited message unless more follows.
   */
  async #editInPlace(chatId: number, messageId: number, rendered: RenderedReply): Promise<number[]> {
    const { api, logger } = this.#o;
    const text = withoutRich(rendered);
    if (rendered.rich && !rendered.file?.photo) {
      const keyboard = rendered.file ? NO_KEYBOARD : (rendered.keyboard ?? NO_KEYBOARD);
      if (await editRich(api, chatId, messageId, rendered.rich, keyboard, logger))
        return sendRendered(api, chatId, { ...text, parts: [] }, undefined, logger);
    }
    const [first, ...rest] = text.parts;
    const keyboard = rest.length === 0 && !text.file ? (text.keyboard ?? NO_KEYBOARD) : NO_KEYBOARD;
    await editHtml(api, chatId, messageId, first ?? '', keyboard);
    const { keyboard: _k, ...withoutKeyboard } = text;
    return sendRendered(
      api,
      chatId,
      { ...(rest.length === 0 ? withoutKeyboard : text), parts: rest },
      undefined,
      logger,
    );
  }

  async #deleteIncoming(target: DeliveryTarget): Promise<boolean> {
    if (target.incomingMessageId === undefined) return true;
    try {
      await this.#o.api.deleteMessage(target.chat.id, target.incomingMessageId);
      return true;
    } catch (error) {
      this.#o.logger.warn(
        { err: errorSummary(error), chat: target.chat.id },
        'telegram: could not delete a secret',
      );
      return false;
    }
  }

  async #send(
    chatId: number,
    reply: Reply,
    replyTo?: number,
    target?: DeliveryTarget,
  ): Promise<SentMessage | undefined> {
    const sent = await sendRendered(
      this.#o.api,
      chatId,
      this.#render(reply, target),
      replyTo,
      this.#o.logger,
    );
    await this.#deleteLater(chatId, sent, reply.deleteAfterMs);
    const [messageId] = sent;
    if (messageId === undefined) return undefined;
    return { platform: 'telegram', tenant: '', chatId: String(chatId), messageId: String(messageId) };
  }

  /** A secret's messages leave the chat after the core's `deleteAfterMs`; the reply's note says so. */
  async #deleteLater(chatId: number, messageIds: readonly number[], afterMs: number | undefined) {
    if (afterMs !== undefined) await this.#deletions.later(chatId, messageIds, afterMs);
  }

  /** With `target`, the core's ACTOR_MARK (a note naming the person in a group) becomes a mention. */
  #render(reply: Reply, target?: DeliveryTarget): RenderedReply {
    try {
      const rendered = renderReply(reply, {
        botUsername: this.#o.botUsername(),
        openPrivateLabel: this.#t(reply.language).openPrivateChat,
      });
      if (!target) return rendered;
      const mark = escapeHtml(ACTOR_MARK);
      return { ...rendered, parts: rendered.parts.map((p) => p.split(mark).join(this.#mention(target))) };
    } catch (error) {
      // A reply we cannot render is a bug in the core or here; the user still gets an answer.
      this.#o.logger.error({ err: errorSummary(error) }, 'telegram: could not render a reply');
      return { parts: [escapeHtml(this.#t(reply.language).failed)] };
    }
  }

  #mention(target: DeliveryTarget): string {
    return `<a href="tg://user?id=${target.user.id}">${escapeHtml(target.user.name)}</a>`;
  }

  #t(language: Language | undefined): TelegramMessages {
    return this.#o.messages(language ?? 'en');
  }
}

/**
 * The user's private chat cannot be reached: 403 (never started the bot, or blocked it) or 400
 * "chat not found". Matched on the Bot API's `error_code`, not on a class (style.md).
 */
export function isUnreachable(error: unknown): boolean {
  const { code, description } = errorSummary(error);
  return code === 403 || (code === 400 && /chat not found/i.test(description ?? ''));
}
