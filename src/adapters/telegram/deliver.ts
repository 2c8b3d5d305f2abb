import {
  ACTOR_MARK,
  type Channel,
  type ChannelCapabilities,
  type Conversation,
  errorSummary,
  type Language,
  type Reply,
  type ReplyForm,
  type SentMessage,
} from '../../core/index.js';
import { type DelivererOptions, type DeliveryTarget, TELEGRAM_CAN } from './delivery-target.js';
import { EphemeralMessages } from './ephemeral.js';
import { EphemeralCapability } from './ephemeral-capability.js';
import { escapeHtml } from './escape.js';
import type { TelegramMessages } from './messages.js';
import { DraftStops, telegramProgress } from './progress.js';
import { NO_KEYBOARD, type RenderedReply, renderReply } from './render-html.js';
import { SecretDeletions } from './secret-deletions.js';
import { editHtml, sendRendered, withoutRich } from './send-html.js';
import { isUnreachable, reported } from './send-report.js';
import { editRich } from './send-rich.js';

export { type DelivererOptions, type DeliveryTarget, TELEGRAM_CAN } from './delivery-target.js';
export { type Scheduler, timerScheduler } from './secret-deletions.js';
export { isUnreachable } from './send-report.js';

export class Deliverer {
  readonly #o: DelivererOptions;

  readonly #deletions: SecretDeletions;

  readonly #ephemeral: EphemeralMessages;

  readonly #can: ChannelCapabilities;

  readonly #capability: EphemeralCapability;

  readonly #stops: DraftStops;

  constructor(options: DelivererOptions) {
    this.#o = options;
    this.#stops = options.draftStops ?? new DraftStops();
    const capability = options.ephemeral ?? new EphemeralCapability('on');
    this.#capability = capability;
    this.#ephemeral = new EphemeralMessages({ api: options.api, logger: options.logger, capability });
    // Read at each use: the capability is learnt at start and may go off (ephemeral-capability.ts).
    this.#can = Object.defineProperty({ ...TELEGRAM_CAN }, 'showToOne', {
      get: () => capability.on,
      enumerable: true,
    });
    this.#deletions = new SecretDeletions({
      api: options.api,
      scheduler: options.scheduler,
      logger: options.logger,
      ...(options.deletions ? { records: options.deletions } : {}),
    });
  }

  /** What this channel can do now: the core reads it for every input (`IncomingText.can`). */
  get can(): ChannelCapabilities {
    return this.#can;
  }

  /** At start: whether the Bot API server has ephemeral messages (ephemeral-capability.ts). */
  learnEphemeral(botId: number): Promise<void> {
    return this.#capability.learn(this.#o.api, botId, this.#o.logger);
  }

  /** At start: the deletions a previous run promised and did not get to (see SecretDeletions). */
  resumeDeletions(): Promise<number> {
    return this.#deletions.resume();
  }

  /** The conversation an update came from: its chat, the person, the message to delete or edit. */
  conversation(target: DeliveryTarget, pressedMessageId?: number): Conversation {
    const inGroup = target.chat.kind === 'shared';
    let deleted = false;
    const replyTo = () => (inGroup && !deleted ? target.incomingMessageId : undefined);
    const pressedAlone = target.press?.ephemeralMessageId;
    return {
      platform: 'telegram',
      can: this.#can,
      kind: target.chat.kind,
      ...(pressedAlone !== undefined ? { pressedPrivately: true } : {}),
      post: (reply, form) => reported(() => this.#send(target.chat.id, reply, replyTo(), target, form)),
      showToActor: (reply, form) =>
        reported(() => this.#showToOne(target, reply, { replyTo: replyTo() }, form)),
      // For the presser alone in place of the chat's message; what follows a failure is the core's.
      showInPlace: async (reply, form) =>
        pressedAlone === undefined &&
        target.press !== undefined &&
        reported(() => this.#showToOne(target, reply, { replace: true, replaces: pressedMessageId }, form)),
      postPrivately: (reply, form) =>
        reported(async () => {
          try {
            return await this.#send(target.user.id, reply, undefined, undefined, form);
          } catch (error) {
            if (isUnreachable(error)) return 'unreachable';
            throw error;
          }
        }),
      editPressed: (reply, form) =>
        reported(async () => {
          // A message only the presser sees is edited for them (a page turned on their own table).
          if (pressedAlone !== undefined) {
            const rendered = this.#render(reply, target, form);
            return this.#ephemeral.edit(target.chat.id, target.user.id, pressedAlone, rendered);
          }
          if (pressedMessageId === undefined) return false;
          await this.#edit(target.chat.id, pressedMessageId, reply, target, form);
          return true;
        }),
      deleteIncoming: async () => {
        deleted = true;
        return this.#deleteIncoming(target);
      },
      upload: async (file, where, language) => {
        const chatId = where === 'private' ? target.user.id : target.chat.id;
        await this.#send(chatId, { file, ...(language ? { language } : {}) });
      },
      progress: () =>
        telegramProgress({
          api: this.#o.api,
          chatId: target.chat.id,
          privateChat: !inGroup,
          stops: this.#stops,
        }),
    };
  }

  /** Where the core speaks first: a user's private chat (its id is the user id) or a group. */
  channel(): Channel {
    return {
      platform: 'telegram',
      can: this.#can,
      open: (to) => {
        const chatId = Number(to.kind === 'user' ? to.user : to.chatId);
        const id = { id: chatId, kind: to.kind === 'user' ? ('private' as const) : ('shared' as const) };
        return this.conversation({ chat: id, user: { id: chatId, name: '' } });
      },
      edit: async (message, reply, form) => {
        const rendered = this.#render(reply, undefined, form);
        await reported(() => this.#editInPlace(Number(message.chatId), Number(message.messageId), rendered));
      },
    };
  }

  /**
   * Replaces a pressed message (a confirmation's outcome) and removes its keyboard unless the
   * update brings new buttons. Parts that do not fit into one message follow as new messages.
   */
  async #edit(
    chatId: number,
    messageId: number,
    update: Reply,
    target: DeliveryTarget,
    form?: ReplyForm,
  ): Promise<void> {
    const rendered = this.#render(update, target, form);
    if (rendered.parts.length === 0 && !rendered.rich) {
      await this.#send(chatId, update);
      return;
    }
    const sent = await this.#editInPlace(chatId, messageId, rendered);
    await this.#deleteLater(chatId, [messageId, ...sent], update.deleteAfterMs);
  }

  /**
   * Edits a message into `rendered` (an earlier message's text and buttons too: a call card once the
   * call ended): its rich form (a page of a table, turned in place) when the core asked for it, else
   * the first HTML part; what does not fit follows as new messages, whose ids are returned. A refusal
   * is thrown on, for the core's order of forms (docs/reliability.md §2.4). The buttons stay under
   * the edited text unless more text or a photo follows (a document's text cannot be edited, so they
   * never sit under one: send-html.ts).
   */
  async #editInPlace(chatId: number, messageId: number, rendered: RenderedReply): Promise<number[]> {
    const { api, logger } = this.#o;
    const text = withoutRich(rendered);
    const { keyboard: _k, ...bare } = text;
    if (rendered.rich && !rendered.file?.photo) {
      await editRich(api, chatId, messageId, rendered.rich, rendered.keyboard ?? NO_KEYBOARD);
      return sendRendered(api, chatId, { ...bare, parts: [] }, undefined, logger);
    }
    const [first, ...rest] = text.parts;
    const textKeeps = rest.length === 0 && !text.file?.photo;
    await editHtml(
      api,
      chatId,
      messageId,
      first ?? '',
      textKeeps ? (text.keyboard ?? NO_KEYBOARD) : NO_KEYBOARD,
    );
    return sendRendered(api, chatId, { ...(textKeeps ? bare : text), parts: rest }, undefined, logger);
  }

  /**
   * Shown to the member alone inside the group (an ephemeral message), for an `actor` reply. One
   * with a file, one that deletes itself later or one the core edits later (`track`) keeps the
   * private chat, where those promises hold: `false`, and the executor sends it there.
   */
  async #showToOne(
    target: DeliveryTarget,
    reply: Reply,
    how: { replyTo?: number | undefined; replace?: boolean; replaces?: number | undefined },
    form?: ReplyForm,
  ): Promise<boolean> {
    if (target.chat.kind !== 'shared' || !this.#can.showToOne) return false;
    if (reply.file || reply.deleteAfterMs !== undefined || reply.track !== undefined) return false;
    const to = {
      chatId: target.chat.id,
      userId: target.user.id,
      ...(how.replyTo !== undefined ? { replyTo: how.replyTo } : {}),
      ...(how.replace ? { replace: true } : {}),
      ...(how.replace && how.replaces !== undefined ? { replaces: how.replaces } : {}),
      ...(target.press ? { press: target.press } : {}),
    };
    return this.#ephemeral.show(to, this.#render(reply, target, form));
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
    form?: ReplyForm,
  ): Promise<SentMessage | undefined> {
    const sent = await sendRendered(
      this.#o.api,
      chatId,
      this.#render(reply, target, form),
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

  /**
   * With `target`, the core's ACTOR_MARK (a note naming the person in a group) becomes a mention.
   * The `plain` form is the text without the rich table (the core asks for it after a refusal).
   */
  #render(reply: Reply, target?: DeliveryTarget, form?: ReplyForm): RenderedReply {
    try {
      const full = renderReply(reply, {
        botUsername: this.#o.botUsername(),
        openPrivateLabel: this.#t(reply.language).openPrivateChat,
        // A server with ephemeral messages (10.2) has disabled buttons; an older one gets today's form.
        disabledButtons: this.#o.ephemeral?.on ?? true,
      });
      const rendered = form === 'plain' ? withoutRich(full) : full;
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
