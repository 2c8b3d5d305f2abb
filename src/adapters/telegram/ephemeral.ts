import type { Api } from 'grammy';
import type { EphemeralMessageParameters, InlineKeyboardMarkup } from 'grammy/types';
import { errorSummary, SendFailedError } from '../../core/index.js';
import type { EphemeralCapability } from './ephemeral-capability.js';
import type { TelegramLogger } from './options.js';
import { NO_KEYBOARD, type RenderedReply } from './render-html.js';
import { keyboardBeside } from './render-rich.js';
import { withoutRich } from './send-html.js';
import { sendFailure } from './send-report.js';
import { notModified } from './send-rich.js';

/**
 * Telegram's way to show something to one member of a group (Bot API 10.2, "ephemeral messages"):
 * a message in the group "that only that user and the bot see", sent with
 * `ephemeral_message_parameters`, edited with `editEphemeralMessageText`. This is the channel's
 * capability to show to one person in place; which replies use it is the core's `audience`
 * (deliver.ts maps `actor` onto it). A refused send is thrown on (the core's road out then takes
 * the private chat, docs/reliability.md §2.4), and so is a refused edit. An answer that comes
 * back without `ephemeral_message_id` was posted for everyone: it is deleted at once and the
 * capability goes off (docs/privacy.md §1.7).
 */

/** The button press a message answers: its callback query, and the ephemeral message pressed, if one was. */
export interface Press {
  queryId: string;
  ephemeralMessageId?: number;
}

export interface ShowTo {
  chatId: number;
  userId: number;
  /** The user's message to reply to. Absent once deleted: an ephemeral reply to a missing message is refused. */
  replyTo?: number;
  /** Ties the message to the press that asked for it (`callback_query_id`), while Telegram still takes it. */
  press?: Press;
  /** Shows it in place of the pressed message, for the presser only (`replace_callback_query_message`). */
  replace?: boolean;
  /** The chat's message it replaces, when known: cited instead once the press is too old to replace it. */
  replaces?: number;
}

export class EphemeralMessages {
  constructor(private readonly o: { api: Api; logger: TelegramLogger; capability: EphemeralCapability }) {}

  /**
   * Shows `rendered` (in the form the core asked for) in the group to `to.userId` alone. A file is
   * not shown this way (it stays in the private chat, where it does not expire): `false`. When
   * Telegram's time for the press is over, it is shown without the press, to the same one person
   * (`forms`); a refusal all the same is thrown, for the core to take the private chat.
   */
  async show(to: ShowTo, rendered: RenderedReply): Promise<boolean> {
    if (rendered.file) return false;
    // Each next form is tried only on the refusal it answers; every one goes to `to.userId` alone.
    let last: unknown;
    for (const form of forms(to)) {
      if (form.after && !(refused(last) && form.after.test(description(last)))) break;
      try {
        await this.#send(form.to, rendered);
        return true;
      } catch (error) {
        last = error;
      }
    }
    if (refused(last))
      this.o.logger.warn(
        { err: errorSummary(last) },
        'telegram: ephemeral message refused; using the private chat',
      );
    throw last;
  }

  /**
   * Replaces the pressed ephemeral message `ephemeralMessageId` (a page turned on a table only the
   * presser sees) with `rendered`, in the form the core asked for; parts that do not fit follow as
   * ephemeral messages. A refusal is thrown on: the core's road out decides what follows
   * (docs/reliability.md §2.4), the plain form or a new message. `false` for a file.
   */
  async edit(
    chatId: number,
    userId: number,
    ephemeralMessageId: number,
    rendered: RenderedReply,
  ): Promise<boolean> {
    if (rendered.file) return false;
    const { api } = this.o;
    const [first, ...rest] = rendered.parts;
    const keyboard = rendered.keyboard ?? NO_KEYBOARD;
    const edit = rendered.rich
      ? api.editEphemeralMessageText(chatId, userId, ephemeralMessageId, rendered.rich, {
          reply_markup: keyboardBeside(rendered.rich, keyboard),
        })
      : api.editEphemeralMessageText(chatId, userId, ephemeralMessageId, first ?? '', {
          parse_mode: 'HTML',
          link_preview_options: { is_disabled: true },
          reply_markup: rest.length === 0 ? keyboard : NO_KEYBOARD,
        });
    await edit.catch((error: unknown) => {
      if (!notModified(error)) throw error;
    });
    if (!rendered.rich && rest.length > 0)
      await this.#send({ chatId, userId }, { ...withoutRich(rendered), parts: rest });
    return true;
  }

  /** The rich form when it has one, else the HTML parts; each answer is checked to be for one. */
  async #send(to: ShowTo, rendered: RenderedReply): Promise<void> {
    const { api } = this.o;
    const params = (first: boolean): EphemeralMessageParameters => ({
      receiver_user_id: to.userId,
      ...(first && to.press ? { callback_query_id: to.press.queryId } : {}),
      ...(first && to.press && to.replace ? { replace_callback_query_message: true } : {}),
    });
    const reply = to.replyTo !== undefined ? { reply_parameters: { message_id: to.replyTo } } : {};
    const keyboard = (last: boolean): { reply_markup?: InlineKeyboardMarkup } =>
      last && rendered.keyboard ? { reply_markup: rendered.keyboard } : {};
    if (rendered.rich) {
      const beside = rendered.keyboard && keyboardBeside(rendered.rich, rendered.keyboard);
      const sent = await api.sendRichMessage(to.chatId, rendered.rich, {
        ephemeral_message_parameters: params(true),
        ...(beside?.inline_keyboard.length ? { reply_markup: beside } : {}),
        ...reply,
      });
      await this.#keptToOne(to.chatId, sent);
      return;
    }
    const last = rendered.parts.length - 1;
    for (const [i, part] of rendered.parts.entries()) {
      const sent = await api.sendMessage(to.chatId, part, {
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
        ephemeral_message_parameters: params(i === 0),
        ...keyboard(i === last),
        ...(i === 0 ? reply : {}),
      });
      await this.#keptToOne(to.chatId, sent);
    }
  }

  /**
   * Telegram kept it to one receiver only if the answer has an `ephemeral_message_id`. Without it
   * (an older server ignored the parameter) everyone sees it: deleted at once, the capability off,
   * and the send reported refused, so the core takes the private chat (docs/privacy.md §1.7).
   */
  async #keptToOne(chatId: number, sent: { message_id: number }): Promise<void> {
    if ((sent as { ephemeral_message_id?: number }).ephemeral_message_id !== undefined) return;
    this.o.capability.lost();
    const deleted = await this.o.api.deleteMessage(chatId, sent.message_id).then(
      () => true,
      () => false,
    );
    this.o.logger.error(
      { chat: chatId, deleted },
      'telegram: an ephemeral message came back for everyone; deleted, ephemeral messages off',
    );
    throw new SendFailedError('refused', 'not-private');
  }
}

/**
 * Telegram turned it away (400 not a participant, a press too old, a reply gone; 403 no longer in
 * the group; 404 an older Bot API server without the method): the road out's one reading of a
 * refusal (`sendFailure`), for a Bot API answer only, not this channel's own `not-private`.
 */
function refused(error: unknown): boolean {
  return !(error instanceof SendFailedError) && sendFailure(error)?.report === 'refused';
}

function description(error: unknown): string {
  return errorSummary(error).description ?? '';
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

const TOO_OLD = /query is too old|query ID is invalid/i;
const REPLY_GONE = /message to be replied not found/i;

/**
 * The forms an answer to one person takes, each after the refusal that calls for it: with the
 * press; once Telegram's time for it is over, without it (nothing can replace the pressed message
 * any more, so the answer cites it instead, docs/channels.md §1.1); once the message cited is gone,
 * plainly. The receiver is the same in every form: a personal answer never widens to the group.
 */
function forms(to: ShowTo): { to: ShowTo; after?: RegExp }[] {
  const base = { chatId: to.chatId, userId: to.userId };
  const out: { to: ShowTo; after?: RegExp }[] = [{ to }];
  if (!to.press) return out;
  const cite = to.replyTo ?? (to.replace ? to.replaces : undefined);
  out.push({ to: { ...base, ...optional('replyTo', cite) }, after: TOO_OLD });
  if (cite !== undefined) out.push({ to: base, after: REPLY_GONE });
  return out;
}
