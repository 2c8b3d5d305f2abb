import type { Bot, Context } from 'grammy';
import type { InlineKeyboardButton, InlineQueryResultArticle } from 'grammy/types';
import {
  type ChatRef,
  type Core,
  commandRef,
  type Door,
  errorSummary,
  type Identity,
  type Language,
  type PlacedOutcome,
  type PlacedReply,
} from '../../core/index.js';
import type { Deliverer } from './deliver.js';
import { identityOf } from './incoming.js';
import type { TelegramMessages } from './messages.js';
import type { TelegramLogger } from './options.js';
import { renderReply } from './render-html.js';

/**
 * Guest mode (Bot API 10.0, docs/channels.md §1.2): `@bot +49 30 1234567` in a chat the bot is not
 * a member of arrives as a `guest_message` carrying a `guest_query_id`; the bot answers it once
 * with `answerGuestQuery` (an inline result the chat sees). Only the price per minute and the
 * number check run, through the caller's own linked account: the chat is named `guest:<id>`, a key
 * no support channel or group setting can hold, so no other account is ever reached.
 */
export interface GuestOptions {
  door: Door;
  core: Pick<Core, 'handleText' | 'linkedAccounts'>;
  deliverer: Deliverer;
  messages: (language: Language) => TelegramMessages;
  logger: TelegramLogger;
}

/** The update type, asked for in `allowed_updates` (an older server ignores a type it does not know). */
export const GUEST_UPDATE = 'guest_message';

export function installGuest(bot: Bot, options: GuestOptions): void {
  bot.on(GUEST_UPDATE, (ctx) => onGuest(ctx, options));
}

/** The chat a guest query came from, as the core sees it: shared (the chat reads the answer), and nobody's. */
export function guestChat(chatId: number): ChatRef {
  return { id: `guest:${chatId}`, kind: 'shared' };
}

/** What follows `@bot`: the number(s) typed. */
export function guestNumberText(text: string, botUsername: string): string {
  const mention = new RegExp(`^\\s*@${botUsername}\\b`, 'i');
  return text.replace(mention, '').trim();
}

async function onGuest(ctx: Context, options: GuestOptions): Promise<void> {
  const msg = ctx.update.guest_message!;
  const queryId = msg.guest_query_id;
  const from = msg.from;
  if (!queryId || !from || from.is_bot) return;
  const identity = identityOf(from);
  const number = guestNumberText(msg.text ?? '', ctx.me.username);
  const locale = from.language_code;
  // What the guest answer cannot carry goes to the caller's private chat with the bot (nothing lost).
  const conversation = options.deliverer.conversation({
    chat: { id: from.id, kind: 'private' },
    user: { id: from.id, name: identity.displayName ?? String(from.id) },
  });
  await options.door.receive({
    deliveryId: `telegram:update:${ctx.me.id}:${ctx.update.update_id}`,
    conversation,
    ...(locale ? { locale } : {}),
    log: { updateId: ctx.update.update_id, guest: true },
    async enrich() {
      return { call: () => guestReplies(options.core, identity, guestChat(msg.chat.id), number, locale) };
    },
    async show(decision) {
      return answerGuest(ctx, options, queryId, decision);
    },
  });
}

/**
 * The rate and the number check for `number`, through the caller's own account. Unlinked: the
 * core's refusal with a deep link to `/link` in the private chat. A malformed number: the rate's own
 * fix with an example, once (the check would say the same).
 */
export async function guestReplies(
  core: GuestOptions['core'],
  identity: Identity,
  chat: ChatRef,
  number: string,
  locale: string | undefined,
): Promise<PlacedReply[]> {
  // Typed in a chat others read, so its echo is as public as the input was (docs/privacy.md §1.3).
  const asTyped = (text: string) =>
    core.handleText({ identity, chat, text, via: 'chat', addressed: true, ...(locale ? { locale } : {}) });
  const rate = await asTyped(`/${commandRef('rate')} ${number}`);
  // Unlinked: the core's "not linked yet" (no one else's account, no operator's), with the way to link.
  if ((await core.linkedAccounts(identity)).length === 0)
    return rate.map((r) => ({ ...r, privateRedirect: { startParam: commandRef('link') } }));
  if (rate.some((r) => r.tone === 'error')) return rate;
  return [...rate, ...(await asTyped(`/${commandRef('check')} ${number}`))];
}

/**
 * Answers the guest query with what the whole chat may read, as one inline article; a reply for the
 * caller alone (personal, secret) and everything when Telegram refuses (404 on a server before 10.0,
 * an expired query) are left to the private chat.
 */
async function answerGuest(
  ctx: Context,
  options: GuestOptions,
  queryId: string,
  decision: PlacedOutcome,
): Promise<{ rest?: PlacedOutcome }> {
  const replies = decision.followUps ?? [];
  const shown = replies.filter((r) => r.visibility === 'public' && r.audience === 'chat');
  const kept = replies.filter((r) => !shown.includes(r));
  if (shown.length === 0) return { rest: decision };
  try {
    await ctx.api.answerGuestQuery(queryId, guestArticle(shown, ctx.me.username, options, queryId));
  } catch (err) {
    options.logger.warn(
      { updateId: ctx.update.update_id, err: errorSummary(err) },
      'telegram: guest answer refused',
    );
    return { rest: decision };
  }
  return kept.length ? { rest: { followUps: kept } } : {};
}

/** The replies as one article: their HTML, and only their link buttons (a callback has no chat to come back to). */
export function guestArticle(
  replies: readonly PlacedReply[],
  botUsername: string,
  options: Pick<GuestOptions, 'messages'>,
  id: string,
): InlineQueryResultArticle {
  const rendered = replies.map((r) =>
    renderReply(r, {
      botUsername,
      openPrivateLabel: options.messages(r.language ?? 'en').openPrivateChat,
    }),
  );
  const text = rendered.map((r) => r.parts.join('\n')).join('\n\n');
  const links: InlineKeyboardButton[][] = rendered.flatMap((r) =>
    (r.keyboard?.inline_keyboard ?? [])
      .map((row) => row.filter((b) => 'url' in b))
      .filter((row) => row.length),
  );
  const title = replies.find((r) => r.title)?.title ?? text.replace(/<[^>]+>/g, '').slice(0, 64);
  return {
    type: 'article',
    id: id.slice(0, 64),
    title,
    input_message_content: { message_text: text, parse_mode: 'HTML' },
    ...(links.length ? { reply_markup: { inline_keyboard: links } } : {}),
  };
}
