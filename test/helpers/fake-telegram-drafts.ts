import { telegramHtmlProblem } from './telegram-html.js';

/**
 * `sendMessageDraft` (Bot API 10.3, as `@grammyjs/types` documents it) for the fake Bot API: a
 * private chat only; `draft_id` non-zero; text of 0 to 4096 characters after entity parsing (an
 * empty text shows "Thinking…"); `can_stop` / `keep_on_stop` as flags. A group or channel is refused
 * with 400, as Telegram refuses a method outside the chats it names. The drafts are recorded in
 * order; a draft is ephemeral, so nothing is stored in the chat. An older server lacks the method
 * (`OLDER_SERVER_LACKS`: 404).
 */
export interface FakeDraft {
  readonly chatId: number;
  readonly draftId: number;
  readonly text: string;
  readonly canStop: boolean;
}

export function answerDraft(
  p: Record<string, unknown>,
  chatType: 'private' | 'group' | 'supergroup' | 'channel',
  drafts: FakeDraft[],
): { ok: boolean; error_code?: number; result?: unknown; description?: string } {
  const bad = (description: string) => ({
    ok: false,
    error_code: 400,
    description: `Bad Request: ${description}`,
  });
  if (chatType !== 'private') return bad('message drafts can be sent only to private chats');
  const draftId = Number(p.draft_id);
  if (!Number.isInteger(draftId) || draftId === 0) return bad('draft_id must be non-zero');
  const text = String(p.text ?? '');
  const problem = p.parse_mode === 'HTML' ? telegramHtmlProblem(text) : undefined;
  if (problem && !/non-empty/i.test(problem)) return bad(`can't parse entities: ${problem}`);
  if (text.replace(/<[^>]+>/g, '').length > 4096) return bad('text is too long');
  drafts.push({ chatId: Number(p.chat_id), draftId, text, canStop: p.can_stop === true });
  return { ok: true, result: true };
}
