/** The fake Bot API's records and options (fake-telegram.ts): calls, users, chats, messages. */

export interface FakeCall {
  /** Position in the call log. */
  readonly seq: number;
  readonly method: string;
  readonly token: string;
  /** JSON or multipart fields; JSON-looking multipart fields are decoded. */
  readonly payload: Record<string, unknown>;
  /** For `sendDocument` / `sendPhoto`: the uploaded file (`bytes` as sent, `content` as UTF-8). */
  readonly file?: { name: string; content: string; bytes: Buffer };
  /** What the fake answered. */
  readonly response: { ok: boolean; error_code?: number; result?: unknown; description?: string };
}

export interface FakeUser {
  id: number;
  first_name: string;
  username?: string;
  language_code?: string;
}

export interface FakeChat {
  id: number;
  type: 'private' | 'group' | 'supergroup' | 'channel';
  title?: string;
}

export interface FakeMessage {
  message_id: number;
  date: number;
  chat: FakeChat;
  from?: FakeUser & { is_bot?: boolean };
  text?: string;
  caption?: string;
  contact?: { phone_number: string; first_name: string; user_id?: number };
  sticker?: {
    file_id: string;
    file_unique_id: string;
    type: string;
    width: number;
    height: number;
    is_animated: boolean;
    is_video: boolean;
  };
  photo?: { file_id: string; file_unique_id: string; width: number; height: number }[];
  entities?: { type: string; offset: number; length: number }[] | undefined;
  reply_markup?: unknown;
  document?: { file_name: string; file_id: string; file_unique_id: string };
  /** A rich message (Bot API 10.1): its blocks, as sent. */
  rich_message?: { blocks: unknown[] };
  /** An ephemeral message (Bot API 10.2): `message_id` is 0, this is its id in the chat. */
  ephemeral_message_id?: number;
  /** For ephemeral messages, the one user who sees it. */
  receiver_user?: { id: number; is_bot: boolean; first_name: string };
  /** Not part of the Bot API: whether the bot deleted it, and its edit history. */
  deleted?: boolean;
  edits?: string[];
}

export interface FakeTelegramOptions {
  token?: string;
  bot?: { id: number; username: string; first_name: string };
  /** Caps the long-poll hold of `getUpdates`, in seconds; tests keep it short so `stop()` is quick. */
  maxPollSeconds?: number;
  /**
   * A Bot API server older than 10.1 (a self-hosted `telegram-bot-api` not yet updated): the methods
   * it lacks answer 404 "Not Found", and parameters it does not know are ignored, as Telegram does:
   * `ephemeral_message_parameters` is dropped (the message goes to the whole group) and an edit
   * carrying only `rich_message` has no text. See {@link OLDER_SERVER_LACKS}.
   */
  older?: boolean;
}

/** The methods a Bot API server before 10.1/10.2 does not have: 404 "Not Found" there. */
export const OLDER_SERVER_LACKS: readonly string[] = [
  'sendRichMessage',
  'editEphemeralMessageText',
  'editEphemeralMessageReplyMarkup',
  'deleteEphemeralMessage',
  'sendMessageDraft',
  'answerGuestQuery',
];

/** Who an anonymous group admin posts as (Bot API: `from` is this bot, `sender_chat` the group). */
export const GROUP_ANONYMOUS_BOT = {
  id: 1087968824,
  is_bot: true,
  first_name: 'Group',
  username: 'GroupAnonymousBot',
} as const;
