import type { Api } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { Language } from '../../core/messages.js';
import type { TrackedMessage } from '../../core/notify/notifier.js';
import type { RecordStore, ScheduledDeletion } from '../../core/ports/proactive.js';
import type { Reply } from '../../core/reply.js';
import { errorSummary } from '../../core/safe-error.js';
import { EphemeralMessages, type Press } from './ephemeral.js';
import { escapeHtml } from './escape.js';
import type { TelegramMessages } from './messages.js';
import type { TelegramLogger } from './options.js';
import { blockedNotice, privateButton, sentNotice } from './private-pointer.js';
import { NO_KEYBOARD, type RenderedReply, renderReply } from './render-html.js';
import { type Scheduler, SecretDeletions } from './secret-deletions.js';
import { editHtml, sendHtml, sendRendered, withoutRich } from './send-html.js';
import { editRich } from './send-rich.js';

/** Where an update came from, and to whom a private reply goes. */
export interface DeliveryTarget {
  chat: { id: number; kind: 'private' | 'shared' };
  /** In a private chat the chat id equals the user id (Bot API), so this is where private replies go. */
  user: { id: number; name: string };
  /** The user's message, to reply to in a group and to delete when it held a secret. */
  incomingMessageId?: number;
  /** The button press being answered: its callback query, and the ephemeral message pressed, if one was. */
  press?: Press;
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
  /** Told where a reply with `track` landed (the call card), so the core can edit it later. */
  tracked?: (tracked: TrackedMessage) => Promise<void>;
  /**
   * The channel's capability to show a message to one member inside a group (ephemeral messages,
   * Bot API 10.2). Default on; off, an `actor` reply goes to the private chat as before 10.2.
   */
  showToOne?: boolean;
}

export { type Scheduler, timerScheduler } from './secret-deletions.js';

/**
 * Sends the core's replies to Telegram: renders, splits, sends each where the core placed it,
 * deletes a message the core marked, and edits a confirmation in place. No rule of its own: the
 * core's `audience` maps onto what Telegram can do. `actor` in a group is shown to that member
 * alone, in the group (an ephemeral message, ephemeral.ts; for a press in place of the pressed
 * message); when Telegram refuses that, and always for `private` (secrets), it goes to the private
 * chat, and the group is told where it went.
 */
export class Deliverer {
  readonly #o: DelivererOptions;

  readonly #deletions: SecretDeletions;

  readonly #ephemeral: EphemeralMessages;

  constructor(options: DelivererOptions) {
    this.#o = options;
    this.#ephemeral = new EphemeralMessages({ api: options.api, logger: options.logger });
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

  /**
   * Sends `replies` in answer to a user's message or to a button press. `announce`: say in the
   * group that an answer went to the private chat (a confirmation's own update already says so).
   */
  async deliver(target: DeliveryTarget, replies: readonly Reply[], announce = true): Promise<void> {
    const deleted = await this.#deleteIncoming(target, replies);
    let sentPrivately = false;
    let blocked = false;
    for (const reply of replies) {
      if (this.#forActorAlone(reply, target)) {
        const replyTo = deleted ? undefined : target.incomingMessageId;
        if (await this.#showToOne(target, reply, { ...(replyTo !== undefined ? { replyTo } : {}) })) continue;
        if (blocked) continue;
        if (await this.#sendPrivately(target, reply)) sentPrivately = true;
        else blocked = true;
      } else {
        await this.#send(
          target.chat.id,
          reply,
          target.chat.kind === 'shared' ? target.incomingMessageId : undefined,
        );
      }
    }
    const t = this.#t(replies[0]?.language);
    if (blocked)
      await sendHtml(this.#o.api, target.chat.id, blockedNotice(t, target.user), this.#privateButton(t));
    else if (sentPrivately && announce)
      await sendHtml(this.#o.api, target.chat.id, sentNotice(t, target.user));
  }

  /**
   * Replaces the message that carried a pressed button with `update` (a confirmation shows its
   * outcome) and removes its keyboard unless the update brings new buttons. Parts that do not fit
   * into one message follow as new messages. An update the core placed for the actor alone goes
   * private; the group's message then says where it went.
   */
  async edit(target: DeliveryTarget, messageId: number, update: Reply): Promise<void> {
    const pressed = target.press?.ephemeralMessageId;
    if (this.#forActorAlone(update, target)) {
      // Shown to the presser alone: in place of the pressed message, or in the ephemeral one pressed.
      if (pressed === undefined && (await this.#showToOne(target, update, { replace: true }))) return;
      if (
        pressed !== undefined &&
        this.#canShowToOne(update) &&
        (await this.#editEphemeral(target, pressed, update))
      )
        return;
      const delivered = await this.#sendPrivately(target, update);
      const t = this.#t(update.language);
      const notice = (delivered ? sentNotice : blockedNotice)(t, target.user);
      const keyboard = delivered ? NO_KEYBOARD : this.#privateButton(t);
      if (pressed === undefined) await editHtml(this.#o.api, target.chat.id, messageId, notice, keyboard);
      else await this.#ephemeral.edit(target.chat.id, target.user.id, pressed, { parts: [notice], keyboard });
      return;
    }
    // A message only the presser sees is edited for them, whatever the chat may see.
    if (pressed !== undefined) {
      if (!(await this.#editEphemeral(target, pressed, update))) await this.#send(target.chat.id, update);
      return;
    }
    const rendered = this.#render(update);
    if (rendered.parts.length === 0 && !rendered.rich) {
      await this.#send(target.chat.id, update);
      return;
    }
    const sent = await this.#editInPlace(target.chat.id, messageId, rendered);
    await this.#deleteLater(target.chat.id, [messageId, ...sent], update.deleteAfterMs);
  }

  /**
   * Edits a message into `rendered`: its rich form (a page of a table, turned in place) when it has
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
    return sendRendered(api, chatId, { ...text, parts: rest }, undefined, logger);
  }

  /** Sends a message the core wrote first (notifier.ts): no routing here, the core placed it. */
  async post(chatId: number, reply: Reply): Promise<number | undefined> {
    const sent = await sendRendered(this.#o.api, chatId, this.#render(reply), undefined, this.#o.logger);
    await this.#deleteLater(chatId, sent, reply.deleteAfterMs);
    return sent[0];
  }

  /** Replaces an earlier message's text and buttons (a call card once the call ended). */
  async replace(chatId: number, messageId: number, reply: Reply): Promise<void> {
    await this.#editInPlace(chatId, messageId, this.#render(reply));
  }

  /** Whether the incoming message was deleted (or the attempt made): then nothing may reply to it. */
  async #deleteIncoming(target: DeliveryTarget, replies: readonly Reply[]): Promise<boolean> {
    if (target.incomingMessageId === undefined || !replies.some((r) => r.deleteIncoming)) return false;
    try {
      await this.#o.api.deleteMessage(target.chat.id, target.incomingMessageId);
    } catch (error) {
      // The core's reply says the message was deleted; when we could not, the user must know.
      this.#o.logger.warn(
        { err: errorSummary(error), chat: target.chat.id },
        'telegram: could not delete a secret',
      );
    }
    return true;
  }

  /**
   * `actor` only: shown to the member alone inside the group, when the channel can (`showToOne`).
   * A reply with a file, one that deletes itself later or one the core edits later (`track`) keeps
   * the private chat, where those promises hold. `false`: take the private chat.
   */
  #canShowToOne(reply: Reply): boolean {
    return (
      this.#o.showToOne !== false &&
      reply.audience === 'actor' &&
      !reply.file &&
      reply.deleteAfterMs === undefined &&
      reply.track === undefined
    );
  }

  async #showToOne(target: DeliveryTarget, reply: Reply, how: { replyTo?: number; replace?: boolean }) {
    if (target.chat.kind !== 'shared' || !this.#canShowToOne(reply)) return false;
    const to = { chatId: target.chat.id, userId: target.user.id, ...how };
    return this.#ephemeral.show(target.press ? { ...to, press: target.press } : to, this.#render(reply));
  }

  #editEphemeral(target: DeliveryTarget, pressed: number, reply: Reply): Promise<boolean> {
    return this.#ephemeral.edit(target.chat.id, target.user.id, pressed, this.#render(reply));
  }

  /** The core's `audience`, read as is: anything but `chat` in a group goes to the private chat. */
  #forActorAlone(reply: Reply, target: DeliveryTarget): boolean {
    return target.chat.kind === 'shared' && reply.audience !== undefined && reply.audience !== 'chat';
  }

  /** `false` when the user never started the bot (403) or the private chat is gone. */
  async #sendPrivately(target: DeliveryTarget, reply: Reply): Promise<boolean> {
    try {
      await this.#send(target.user.id, reply);
      return true;
    } catch (error) {
      if (isUnreachable(error)) return false;
      throw error;
    }
  }

  async #send(chatId: number, reply: Reply, replyTo?: number): Promise<void> {
    const sent = await sendRendered(this.#o.api, chatId, this.#render(reply), replyTo, this.#o.logger);
    await this.#deleteLater(chatId, sent, reply.deleteAfterMs);
    const [messageId] = sent;
    if (reply.track && messageId !== undefined && this.#o.tracked) {
      const message = {
        platform: 'telegram' as const,
        tenant: '',
        chatId: String(chatId),
        messageId: String(messageId),
      };
      await this.#o.tracked({ track: reply.track, message }).catch((error: unknown) => {
        this.#o.logger.warn({ err: errorSummary(error) }, 'telegram: could not record a sent message');
      });
    }
  }

  /** A secret's messages leave the chat after the core's `deleteAfterMs`; the reply's note says so. */
  async #deleteLater(chatId: number, messageIds: readonly number[], afterMs: number | undefined) {
    if (afterMs !== undefined) await this.#deletions.later(chatId, messageIds, afterMs);
  }

  #render(reply: Reply): RenderedReply {
    try {
      return renderReply(reply, {
        botUsername: this.#o.botUsername(),
        openPrivateLabel: this.#t(reply.language).openPrivateChat,
      });
    } catch (error) {
      // A reply we cannot render is a bug in the core or here; the user still gets an answer.
      this.#o.logger.error({ err: errorSummary(error) }, 'telegram: could not render a reply');
      return { parts: [escapeHtml(this.#t(reply.language).failed)] };
    }
  }

  #t(language: Language | undefined): TelegramMessages {
    return this.#o.messages(language ?? 'en');
  }

  #privateButton(t: TelegramMessages): InlineKeyboardMarkup {
    return privateButton(t, this.#o.botUsername());
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
