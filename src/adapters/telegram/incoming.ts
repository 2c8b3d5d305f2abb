import type { Chat, User } from 'grammy/types';
import type { ChatRef, Identity } from '../../core/index.js';

/** `telegram::<userId>` (docs/accounts.md §1.1): Telegram has no tenant. */
export function identityOf(from: User): Identity {
  const name =
    [from.first_name, from.last_name].filter(Boolean).join(' ') || from.username || String(from.id);
  return { platform: 'telegram', tenant: '', user: String(from.id), displayName: name };
}

/** Groups, supergroups and channels have other people in them: `shared`. */
export function chatKindOf(chat: { type: string }): ChatRef['kind'] {
  return chat.type === 'private' ? 'private' : 'shared';
}

export function chatRefOf(chat: Pick<Chat, 'id' | 'type'>, userIsAdmin?: boolean): ChatRef {
  const kind = chatKindOf(chat);
  return {
    id: String(chat.id),
    kind,
    ...(kind === 'shared' && userIsAdmin !== undefined ? { userIsAdmin } : {}),
  };
}

const COMMAND = /^\/([A-Za-z0-9_]{1,64})(?:@([A-Za-z0-9_]{1,64}))?(?=\s|$)([\s\S]*)$/;

/** A command's name and the bot it names (`/cmd@bot`), or `undefined` when the text is no command. */
export function commandOf(text: string): { name: string; addressee?: string } | undefined {
  const [, name, addressee] = COMMAND.exec(text) ?? [];
  if (name === undefined) return undefined;
  return addressee === undefined ? { name } : { name, addressee };
}

/**
 * The text the core sees, or `undefined` when the message is not for us.
 *
 * - `/cmd@ourbot args` becomes `/cmd args`: groups address a bot by name (Bot API, "Commands").
 * - `/cmd@otherbot …` is ignored: it belongs to another bot in the same group.
 * - `/start <param>` keeps its parameter: a deep link from a group (`t.me/<bot>?start=…`) says
 *   where the user came from, and the core decides what to do with it.
 * - Plain text goes to the core only in a private chat, where the core may be running a
 *   conversation (linking asks for the username, then the password). In a group, chatter that is
 *   not a command is none of our business, and must not reach the core or the logs.
 */
export function normaliseText(
  text: string,
  chatKind: ChatRef['kind'],
  botUsername: string,
): string | undefined {
  const command = COMMAND.exec(text);
  if (command) {
    const [, name, addressee, rest] = command as unknown as [string, string, string | undefined, string];
    if (addressee !== undefined && addressee.toLowerCase() !== botUsername.toLowerCase()) return undefined;
    const args = rest.trim();
    return args ? `/${name} ${args}` : `/${name}`;
  }
  return chatKind === 'private' ? text : undefined;
}

/** Whether a message is addressed to this bot: any private message, or `/cmd@ourbot` in a group. */
export function isAddressed(text: string, chatKind: ChatRef['kind'], botUsername: string): boolean {
  if (chatKind === 'private') return true;
  const addressee = COMMAND.exec(text)?.[2];
  return addressee !== undefined && addressee.toLowerCase() === botUsername.toLowerCase();
}

/** The message kinds a user may send that the bot does not read, named for the log. */
export function messageKind(message: Record<string, unknown>): string {
  const kinds = [
    'sticker',
    'voice',
    'audio',
    'video',
    'video_note',
    'animation',
    'document',
    'photo',
    'location',
    'poll',
    'dice',
  ];
  return kinds.find((k) => k in message) ?? 'other';
}
