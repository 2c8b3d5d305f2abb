import { inlineKeyboardProblem, telegramHtmlProblem } from './telegram-html.js';

/**
 * Guest mode (Bot API 10.0, as `@grammyjs/types` documents it) for the fake Bot API:
 *
 * - `Update.guest_message`: "New guest message" — a message in a chat the bot is not a member of,
 *   whose `guest_query_id` is "the unique identifier for the guest query";
 * - `answerGuestQuery(guest_query_id, result)`: "reply to a received guest message", with an
 *   `InlineQueryResult`; on success a `SentGuestMessage` (`inline_message_id`). The fake refuses as
 *   Telegram refuses an inline answer: an unknown or already answered query id, a result without
 *   type / id (1-64 bytes) / content, text that does not parse or is too long, a bad keyboard.
 * - A server before 10.0 sends no guest updates and answers the method 404 (`older`).
 *
 * What the chat then sees is recorded as `answers`: the article's text, in the chat it was summoned
 * in, with the caller the message names (`guest_bot_caller_user`).
 */
export interface GuestAnswer {
  readonly queryId: string;
  readonly chatId: number;
  readonly callerId: number;
  readonly text: string;
  readonly result: Record<string, unknown>;
}

interface GuestUser {
  id: number;
  first_name: string;
  username?: string;
  language_code?: string;
}

interface GuestChat {
  id: number;
  type: 'private' | 'group' | 'supergroup' | 'channel';
  title?: string;
}

type Response = { ok: boolean; error_code?: number; result?: unknown; description?: string };

export class FakeGuests {
  readonly answers: GuestAnswer[] = [];
  readonly #open = new Map<string, { chatId: number; callerId: number }>();
  #next = 1;

  /**
   * `from` writes `text` (`@bot +49 30 1234567`) in `chat`, which the bot is not a member of: the
   * update a 10.0 server sends; an older server sends nothing (undefined).
   */
  summon(
    fake: { older: boolean; enqueue: (u: Record<string, unknown>) => { update_id: number } },
    from: GuestUser,
    text: string,
    chat: GuestChat,
  ): (Record<string, unknown> & { update_id: number }) | undefined {
    if (fake.older) return undefined;
    const queryId = `gq-${this.#next++}`;
    this.#open.set(queryId, { chatId: chat.id, callerId: from.id });
    const guest_message = {
      message_id: 0,
      date: Math.floor(Date.now() / 1000),
      guest_query_id: queryId,
      chat,
      from: { ...from, is_bot: false },
      text,
    };
    return fake.enqueue({ guest_message }) as Record<string, unknown> & { update_id: number };
  }

  /** `answerGuestQuery`, with Telegram's refusals. */
  answer(p: Record<string, unknown>): Response {
    const bad = (description: string): Response => ({
      ok: false,
      error_code: 400,
      description: `Bad Request: ${description}`,
    });
    const queryId = String(p.guest_query_id ?? '');
    const open = this.#open.get(queryId);
    if (!open) return bad('query is too old and response timeout expired or query ID is invalid');
    const result = p.result as Record<string, unknown> | undefined;
    const problem = resultProblem(result);
    if (problem) return bad(problem);
    this.#open.delete(queryId);
    const content = result!.input_message_content as { message_text: string };
    this.answers.push({ queryId, ...open, text: content.message_text, result: result! });
    return { ok: true, result: { inline_message_id: `im-${queryId}` } };
  }
}

function resultProblem(result: Record<string, unknown> | undefined): string | undefined {
  if (!result || typeof result.type !== 'string') return 'RESULT_TYPE_INVALID';
  const id = String(result.id ?? '');
  if (id.length === 0 || Buffer.byteLength(id) > 64) return 'RESULT_ID_INVALID';
  if (result.type === 'article' && !result.title) return 'RESULT_TITLE_EMPTY';
  const content = result.input_message_content as { message_text?: string; parse_mode?: string } | undefined;
  if (!content?.message_text) return 'MESSAGE_EMPTY';
  const html = content.parse_mode === 'HTML' ? telegramHtmlProblem(content.message_text) : undefined;
  if (html) return `can't parse entities: ${html}`;
  if (content.message_text.replace(/<[^>]+>/g, '').length > 4096) return 'MESSAGE_TOO_LONG';
  return inlineKeyboardProblem(result.reply_markup);
}
