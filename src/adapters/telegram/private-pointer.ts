import type { InlineKeyboardMarkup } from 'grammy/types';
import { escapeHtml } from './escape.js';
import type { TelegramMessages } from './messages.js';
import { deepLink } from './render-html.js';

/** The deep-link parameter when a private reply could not be delivered. */
const PRIVATE_START_PARAM = 'private';

/** The member an answer went to privately, as the group's note names them. */
export interface Addressee {
  id: number;
  name: string;
}

/** "I sent the answer to our private chat, <mention>" (HTML): the group learns where it went. */
export function sentNotice(t: TelegramMessages, user: Addressee): string {
  return mentionIn(t.sentPrivately, user);
}

/** "<mention>, open a private chat with me first" (HTML), under {@link privateButton}. */
export function blockedNotice(t: TelegramMessages, user: Addressee): string {
  return mentionIn(t.privateBlocked, user);
}

/** The button that opens the private chat with the bot (`t.me/<bot>?start=private`). */
export function privateButton(t: TelegramMessages, botUsername: string): InlineKeyboardMarkup {
  return {
    inline_keyboard: [[{ text: t.openPrivateChat, url: deepLink(botUsername, PRIVATE_START_PARAM) }]],
  };
}

/** The catalogue's text is escaped; only the mention built here is markup. */
function mentionIn(message: (name: string) => string, user: Addressee): string {
  const marker = '\u0000name\u0000';
  const mention = `<a href="tg://user?id=${user.id}">${escapeHtml(user.name)}</a>`;
  return escapeHtml(message(marker)).replace(marker, mention);
}
