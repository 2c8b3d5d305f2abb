import type { Bot, Context } from 'grammy';
import { languageOf } from '../../core/index.js';
import { EditMemory, installEdits } from './edits.js';
import type { HandlerOptions } from './handlers.js';
import { chatKindOf, commandOf, identityOf } from './incoming.js';
import type { TelegramMessages } from './messages.js';

/**
 * Inputs that used to get silence (docs/interface.md §4.1): an edited message (edits.ts), a command
 * for another bot in a private chat, a command posted in a channel, and an anonymous group admin.
 * Each gets a clear answer, in the sender's language where Telegram says it; chatter stays unanswered
 * on purpose (in a group or a channel it is none of the bot's business).
 */

/** Who an anonymous group admin posts as (Bot API: `from` is this bot, `sender_chat` the group). */
export const GROUP_ANONYMOUS_BOT_ID = 1087968824;

/**
 * Registers these before the message handlers and returns the options they run with: the core
 * watched for what each message changed (for edits), and an anonymous admin taken as an admin.
 */
export function installOddInputs(bot: Bot, options: HandlerOptions): HandlerOptions {
  const memory = new EditMemory(options.edits);
  const watched: HandlerOptions = {
    ...options,
    door: memory.watch(options.door),
    admins: {
      // Telegram posts as GroupAnonymousBot only for the group's anonymous admins.
      isAdmin: (chatId, userId) =>
        userId === GROUP_ANONYMOUS_BOT_ID ? Promise.resolve(true) : options.admins.isAdmin(chatId, userId),
      isAdminNow: (chatId, userId) =>
        userId === GROUP_ANONYMOUS_BOT_ID ? Promise.resolve(true) : options.admins.isAdminNow(chatId, userId),
    },
  };
  installEdits(bot, watched, memory);
  bot.on('channel_post', async (ctx) => {
    if (!commandOf(ctx.channelPost.text ?? '')) return;
    await answerPlainly(ctx, options, (t) => t.channelPost(`https://t.me/${ctx.me.username}`));
  });
  bot.on('message:text', async (ctx, next) => {
    const { name = '', addressee } = commandOf(ctx.message.text) ?? {};
    const me = ctx.me.username;
    if (
      chatKindOf(ctx.message.chat) === 'private' &&
      addressee &&
      addressee.toLowerCase() !== me.toLowerCase()
    )
      return answerPlainly(ctx, options, (t) => t.otherBot(`/${name}@${addressee}`, addressee, me));
    if (ctx.message.from.id === GROUP_ANONYMOUS_BOT_ID && name && personal(options, name))
      return answerPlainly(ctx, options, (t) => t.postAsYourself(`/${name}`));
    return next();
  });
  return watched;
}

/**
 * A command an anonymous admin cannot run: one about a person (their data, their account, their
 * confirmation). Admin-level commands (the group's settings) run, as the admin they are.
 */
function personal(options: HandlerOptions, name: string): boolean {
  const lower = name.toLowerCase();
  const info = options.core.commands.find((c) => c.name === lower || c.aliases.includes(lower));
  if (!info) return false;
  return info.personal || info.privateOnly || info.confirm || !info.roles.includes('admin');
}

/** A short public answer in the chat the input came from, through the core's road out. */
export async function answerPlainly(
  ctx: Context,
  options: HandlerOptions,
  words: (t: TelegramMessages) => string,
): Promise<void> {
  const msg = ctx.msg;
  if (!msg) return;
  const from = ctx.from;
  const language = languageOf(from?.language_code);
  const sender = from && from.id !== GROUP_ANONYMOUS_BOT_ID ? identityOf(from) : undefined;
  const conv = options.deliverer.conversation({
    chat: { id: msg.chat.id, kind: chatKindOf(msg.chat) },
    user: { id: from?.id ?? msg.chat.id, name: sender?.displayName ?? '' },
    incomingMessageId: msg.message_id,
  });
  const text = words(options.messages(language));
  // Through the door like any request: claimed once (a redelivered update is not answered twice).
  await options.door.receive({
    deliveryId: `telegram:update:${ctx.me.id}:${ctx.update.update_id}`,
    conversation: conv,
    ...(from?.language_code ? { locale: from.language_code } : {}),
    log: { updateId: ctx.update.update_id },
    enrich: async () => ({
      call: async () => [{ text, tone: 'info', audience: 'chat', visibility: 'public', language }],
    }),
  });
}
