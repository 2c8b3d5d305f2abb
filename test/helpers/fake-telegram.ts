import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  captionProblem,
  commandEntity,
  content,
  currentContent,
  editContent,
  editContentProblem,
  formattingProblem,
  keyboardProblem,
  richMessageProblem,
  shownText,
  strip,
} from './fake-telegram-content.js';
import { answerDraft, type FakeDraft } from './fake-telegram-drafts.js';
import { FakeGuests } from './fake-telegram-guest.js';
import { decode, readBody, send, webhookRefusal } from './fake-telegram-http.js';
import {
  DeclaredCommands,
  ephemeralFlagProblem,
  keyboardAsOlderServerReads,
  messageButtons,
  pressable,
} from './fake-telegram-native.js';
import {
  type FakeCall,
  type FakeChat,
  type FakeMessage,
  type FakeTelegramOptions,
  type FakeUser,
  GROUP_ANONYMOUS_BOT,
  OLDER_SERVER_LACKS,
} from './fake-telegram-types.js';

export { SENDS, sentText, shownText } from './fake-telegram-content.js';
export * from './fake-telegram-types.js';

/**
 * A fake Telegram Bot API on 127.0.0.1, port 0, for end-to-end tests with real grammY (`apiRoot`).
 * Faking the remote at the HTTP seam, not by mocking modules (docs/architecture.md §7, Tests).
 *
 * It serves `/bot<token>/<method>`, records every call in order, keeps each chat's messages (so an
 * edit can be checked against what the user sees), holds `getUpdates` like Telegram's long poll,
 * and can answer the next calls of a method with an error such as 429. Waiting helpers resolve on
 * the recording itself, so tests assert order, never time.
 */

interface Waiter {
  method: string | readonly string[];
  predicate: (call: FakeCall) => boolean;
  from: number;
  resolve: (call: FakeCall) => void;
}

interface Failure {
  times: number;
  response: { ok: false; error_code: number; description: string; parameters?: Record<string, unknown> };
}

export class FakeTelegram {
  readonly token: string;
  readonly bot: { id: number; is_bot: true; username: string; first_name: string };
  readonly calls: FakeCall[] = [];
  /** Message drafts received, in order (fake-telegram-drafts.ts). */
  readonly drafts: FakeDraft[] = [];
  /** Guest queries summoned and answered (fake-telegram-guest.ts). */
  readonly guests = new FakeGuests();
  readonly #server: Server;
  readonly #maxPollSeconds: number;
  #updates: Record<string, unknown>[] = [];
  #confirmed = 0;
  #nextUpdateId = 1000;
  #nextMessageId = new Map<number, number>();
  #messages = new Map<number, FakeMessage[]>();
  #polls = new Set<() => void>();
  #waiters = new Set<Waiter>();
  #failures = new Map<string, Failure[]>();
  #blocked = new Set<number>();
  #admins = new Map<number, Set<number>>();
  #chats = new Map<number, FakeChat>();
  #webhook: { url: string; secret_token?: string } | undefined;
  #callbackQueriesExpireBefore = 0;
  /** Who is in each group: whoever wrote or pressed there, unless they left (`join`, `leave`). */
  #members = new Map<number, Set<number>>();
  /** Each callback query handed out: who pressed, where, and whether on an ephemeral message. */
  #queries = new Map<string, { seq: number; from: number; chatId: number; ephemeral: boolean }>();
  #nextEphemeralId = new Map<number, number>();
  /** Whether it behaves as a Bot API server older than 10.1 (`FakeTelegramOptions.older`). */
  older: boolean;
  /** The menus `setMyCommands` declared (fake-telegram-native.ts). */
  readonly declared = new DeclaredCommands();
  /** Presses of a disabled button: Telegram sent the bot nothing for them. */
  readonly disabledPresses: { from: number; label: string }[] = [];

  constructor(options: FakeTelegramOptions = {}) {
    this.older = options.older ?? false;
    this.token = options.token ?? '123456:TEST-token';
    this.bot = {
      id: 123456,
      is_bot: true,
      username: 'tel_test_bot',
      first_name: 'Telephony',
      ...options.bot,
    };
    this.#maxPollSeconds = options.maxPollSeconds ?? 1;
    this.#server = createServer((req, res) => {
      void this.#handle(req, res);
    });
  }

  static async start(options: FakeTelegramOptions = {}): Promise<FakeTelegram> {
    const fake = new FakeTelegram(options);
    await new Promise<void>((resolve) => fake.#server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** The `apiRoot` to give grammY. */
  get apiRoot(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  get webhook(): { url: string; secret_token?: string } | undefined {
    return this.#webhook;
  }

  async close(): Promise<void> {
    for (const release of this.#polls) release();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
    // Every text and keyboard any test sent must have passed Telegram's rules (docs/interface.md §4.1).
    const refused = this.refusedFormatting();
    if (refused.length > 0)
      throw new Error(
        `Telegram refused: ${JSON.stringify(refused.map((c) => [c.method, c.response.description]))}`,
      );
  }

  // ---- scripting ---------------------------------------------------------------------------------

  /** Queues an update for `getUpdates`; assigns `update_id` unless given. Returns the update. */
  enqueue<U extends Record<string, unknown>>(update: U): U & { update_id: number } {
    const full = { update_id: this.#nextUpdateId++, ...update } as U & { update_id: number };
    if (full.update_id >= this.#nextUpdateId) this.#nextUpdateId = full.update_id + 1;
    this.#updates.push(full);
    for (const release of this.#polls) release();
    return full;
  }

  /**
   * Delivers an update again, as Telegram does when the bot crashed before confirming it (or to a
   * second instance): it bypasses the confirmed offset.
   */
  redeliver(update: { update_id: number }): void {
    this.#updates.push({ ...update, __redelivered: true });
    for (const release of this.#polls) release();
  }

  /** A text message from `from` in `chat` (a private chat with `from` when omitted). */
  message(from: FakeUser, text: string, chat?: FakeChat): Record<string, unknown> & { update_id: number } {
    const where: FakeChat = chat ?? { id: from.id, type: 'private' };
    this.#chats.set(where.id, where);
    this.join(where.id, from.id);
    const msg = this.#store(where, { from: { ...from, is_bot: false }, text, entities: commandEntity(text) });
    return this.enqueue({ message: strip(msg) });
  }

  /**
   * The user edits a message they sent (Bot API `edited_message`): the chat shows the new text, and
   * the update carries the whole message with its `edit_date`.
   */
  edit(
    from: FakeUser,
    original: { message_id: number; chat: FakeChat },
    text: string,
  ): Record<string, unknown> & { update_id: number } {
    const msg = this.#find(original.chat.id, original.message_id);
    if (!msg) throw new Error(`no message ${original.message_id} in chat ${original.chat.id} to edit`);
    msg.text = text;
    msg.entities = commandEntity(text);
    msg.edits = [...(msg.edits ?? []), text];
    const { edits: _e, deleted: _d, ...visible } = msg;
    return this.enqueue({
      edited_message: {
        ...strip({ ...visible, from: { ...from, is_bot: false } }),
        edit_date: Math.floor(Date.now() / 1000),
      },
    });
  }

  /** A post in a channel the bot is in (Bot API `channel_post`: no `from`, `sender_chat` the channel). */
  channelPost(chat: FakeChat, text: string): Record<string, unknown> & { update_id: number } {
    this.#chats.set(chat.id, chat);
    const msg = this.#store(chat, { text, entities: commandEntity(text) });
    return this.enqueue({ channel_post: { ...strip(msg), sender_chat: chat } });
  }

  /** A message of an anonymous group admin: `from` is GroupAnonymousBot, `sender_chat` the group. */
  anonymous(text: string, chat: FakeChat): Record<string, unknown> & { update_id: number } {
    this.#chats.set(chat.id, chat);
    const msg = this.#store(chat, { from: { ...GROUP_ANONYMOUS_BOT }, text, entities: commandEntity(text) });
    return this.enqueue({ message: { ...strip(msg), sender_chat: chat } });
  }

  /** A photo with a caption (Bot API `Message.photo`, `caption`, `caption_entities`). */
  photo(from: FakeUser, caption: string, chat?: FakeChat): Record<string, unknown> & { update_id: number } {
    const where: FakeChat = chat ?? { id: from.id, type: 'private' };
    this.#chats.set(where.id, where);
    this.join(where.id, from.id);
    const entities = commandEntity(caption);
    const msg = this.#store(where, {
      from: { ...from, is_bot: false },
      photo: [{ file_id: 'p1', file_unique_id: 'pu1', width: 90, height: 90 }],
      caption,
      ...(entities ? { caption_entities: entities } : {}),
    } as Partial<FakeMessage>);
    return this.enqueue({ message: strip(msg) });
  }

  /** A shared contact (Bot API `Contact`); `user_id` is set when the contact is a Telegram user. */
  contact(
    from: FakeUser,
    phone: string,
    options: { userId?: number; chat?: FakeChat } = {},
  ): Record<string, unknown> & { update_id: number } {
    const where: FakeChat = options.chat ?? { id: from.id, type: 'private' };
    this.#chats.set(where.id, where);
    this.join(where.id, from.id);
    const msg = this.#store(where, {
      from: { ...from, is_bot: false },
      contact: {
        phone_number: phone,
        first_name: 'Contact',
        ...(options.userId !== undefined ? { user_id: options.userId } : {}),
      },
    });
    return this.enqueue({ message: strip(msg) });
  }

  /** A sticker: a message kind the bot does not read. */
  sticker(from: FakeUser, chat?: FakeChat): Record<string, unknown> & { update_id: number } {
    const where: FakeChat = chat ?? { id: from.id, type: 'private' };
    this.#chats.set(where.id, where);
    this.join(where.id, from.id);
    const msg = this.#store(where, {
      from: { ...from, is_bot: false },
      sticker: {
        file_id: 's1',
        file_unique_id: 'su1',
        type: 'regular',
        width: 512,
        height: 512,
        is_animated: false,
        is_video: false,
      },
    });
    return this.enqueue({ message: strip(msg) });
  }

  /** Calls Telegram refused because of their text, rich content or keyboard (should stay empty). */
  refusedFormatting(): FakeCall[] {
    return this.calls.filter(
      (c) =>
        !c.response.ok &&
        /parse entities|BUTTON_|RICH_|text is too long|caption is too long|text must be non-empty/i.test(
          c.response.description ?? '',
        ),
    );
  }

  /** `userId` is in group `chatId` (a user who writes there joins it by doing so). */
  join(chatId: number, userId: number): void {
    if (chatId === userId) return;
    const members = this.#members.get(chatId) ?? new Set<number>();
    members.add(userId);
    this.#members.set(chatId, members);
  }

  /** `userId` left group `chatId`: ephemeral messages to them there are refused. */
  leave(chatId: number, userId: number): void {
    this.#members.get(chatId)?.delete(userId);
  }

  /**
   * A press of `data` on the bot's message `message` by `from`. Only its receiver sees an
   * ephemeral message, so only they can press its buttons.
   */
  press(from: FakeUser, message: FakeMessage, data: string): Record<string, unknown> & { update_id: number } {
    if (message.receiver_user && message.receiver_user.id !== from.id)
      throw new Error(`user ${from.id} cannot see the ephemeral message of user ${message.receiver_user.id}`);
    const id = `cq${this.#nextUpdateId}`;
    this.#queries.set(id, {
      seq: this.#nextUpdateId,
      from: from.id,
      chatId: message.chat.id,
      ephemeral: message.ephemeral_message_id !== undefined,
    });
    this.join(message.chat.id, from.id);
    return this.enqueue({
      callback_query: {
        id,
        from: { ...from, is_bot: false },
        chat_instance: `ci${message.chat.id}`,
        message: strip(message),
        data,
      },
    });
  }

  /**
   * `from` taps the button labelled `label` (in the keyboard or inside the rich message). A
   * `disabled` button does nothing (Bot API `DisabledButton`): no update is sent, and undefined is
   * returned; the tap is only noted in `disabledPresses`.
   */
  pressLabel(
    from: FakeUser,
    message: FakeMessage,
    label: string,
  ): (Record<string, unknown> & { update_id: number }) | undefined {
    const data = pressable(message, label);
    if (data === undefined) {
      this.disabledPresses.push({ from: from.id, label });
      return undefined;
    }
    return this.press(from, message, data);
  }

  /**
   * `from` sends the command `text` from the menu in `chat`. In a group, a command the bot declared
   * `is_ephemeral` arrives as an ephemeral message that only the sender and the bot see (Bot API
   * 10.2 `BotCommand.is_ephemeral`: `message_id` 0, its own `ephemeral_message_id`, the bot as
   * `receiver_user`); elsewhere, or where the server ignored the field, as an ordinary message.
   */
  command(from: FakeUser, text: string, chat?: FakeChat): Record<string, unknown> & { update_id: number } {
    const name = /^\/([a-z0-9_]+)/.exec(text)?.[1] ?? '';
    if (!chat || chat.type === 'private' || !this.declared.ephemeralInGroups(name))
      return this.message(from, text, chat);
    this.#chats.set(chat.id, chat);
    this.join(chat.id, from.id);
    const id = (this.#nextEphemeralId.get(chat.id) ?? 0) + 1;
    this.#nextEphemeralId.set(chat.id, id);
    const msg = this.#store(chat, {
      from: { ...from, is_bot: false },
      text,
      entities: commandEntity(text),
      ephemeral_message_id: id,
      receiver_user: { id: this.bot.id, is_bot: true, first_name: this.bot.first_name },
    });
    msg.message_id = 0;
    return this.enqueue({ message: strip(msg) });
  }

  /**
   * Telegram accepts a callback query's answer only for a short while after the press (Bot API
   * answerCallbackQuery; the client shows a spinner until then). This makes every press so far too
   * old: their answers get Telegram's 400 from now on. Tests call it while the bot is busy, so
   * the deadline is an event, not a clock.
   */
  expireCallbackQueries(): void {
    this.#callbackQueriesExpireBefore = this.#nextUpdateId;
  }

  /** Answers the next `times` calls of `method` with an error (default: 429, retry after 1 s). */
  failNext(method: string, times = 1, response?: Failure['response']): void {
    const list = this.#failures.get(method) ?? [];
    list.push({
      times,
      response: response ?? {
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 1',
        parameters: { retry_after: 1 },
      },
    });
    this.#failures.set(method, list);
  }

  /** The user never started the bot: messages to their private chat get 403. */
  blockPrivate(userId: number): void {
    this.#blocked.add(userId);
  }

  unblockPrivate(userId: number): void {
    this.#blocked.delete(userId);
  }

  setAdmins(chatId: number, userIds: number[]): void {
    this.#admins.set(chatId, new Set(userIds));
  }

  /** Every message in a chat, the users' and the bot's, in order. */
  messages(chatId: number): FakeMessage[] {
    return this.#messages.get(chatId) ?? [];
  }

  /** The bot's messages in a chat that are still visible (ephemeral ones included). */
  botMessages(chatId: number): FakeMessage[] {
    return this.messages(chatId).filter((m) => m.from?.id === this.bot.id && !m.deleted);
  }

  /** What `userId` sees in `chatId`: every message not deleted, but another user's ephemeral ones. */
  visibleTo(chatId: number, userId: number): FakeMessage[] {
    return this.messages(chatId).filter(
      (m) =>
        !m.deleted &&
        (m.receiver_user === undefined || m.receiver_user.id === userId || m.from?.id === userId),
    );
  }

  /**
   * The chat as lines, for a reader of a test or a report: who wrote, who sees it (an ephemeral
   * message names its one receiver), what it shows (a rich message flattened), deleted or not.
   */
  transcript(chatId: number): string[] {
    return this.messages(chatId).map((m) => {
      const who = m.from?.id === this.bot.id ? 'bot' : (m.from?.first_name ?? '?');
      const sees = m.receiver_user ? ` (only ${m.receiver_user.first_name} sees it)` : '';
      const gone = m.deleted ? ' [deleted]' : '';
      const buttons = messageButtons(m)
        .map((b) => (b.disabled ? `[(${b.text})]` : `[${b.text}]`))
        .join(' ');
      const body = shownText(m)
        .replace(/<[^>]+>/g, '')
        .replace(/\n/g, ' ⏎ ');
      return `${who}${sees}${gone}: ${body}${buttons ? ` ${buttons}` : ''}`;
    });
  }

  callsOf(method: string): FakeCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  /** A position in the call log, for `waitForCall(…, { after })`. */
  mark(): number {
    return this.calls.length;
  }

  /**
   * Resolves with the first call of `method` at or after position `after` that satisfies
   * `predicate`, as soon as it is recorded. The guard timeout only turns a hang into a readable
   * failure; no test asserts on time.
   */
  waitForCall(
    method: string | readonly string[],
    predicate: (call: FakeCall) => boolean = () => true,
    options: { after?: number; guardMs?: number } = {},
  ): Promise<FakeCall> {
    const from = options.after ?? 0;
    const found = this.calls.slice(from).find((c) => isOf(c, method) && predicate(c));
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        method,
        predicate,
        from,
        resolve: (call) => {
          clearTimeout(timer);
          resolve(call);
        },
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        const seen = this.calls.map((c) => c.method).join(', ');
        reject(new Error(`no matching ${String(method)} call was recorded; calls so far: ${seen}`));
      }, options.guardMs ?? 10_000);
      this.#waiters.add(waiter);
    });
  }

  /** Waits until `count` calls of `method` (matching `predicate`) were recorded after `after`. */
  async waitForCalls(
    method: string | readonly string[],
    count: number,
    predicate: (call: FakeCall) => boolean = () => true,
    options: { after?: number; guardMs?: number } = {},
  ): Promise<FakeCall[]> {
    let after = options.after ?? 0;
    const found: FakeCall[] = [];
    while (found.length < count) {
      const call = await this.waitForCall(method, predicate, { ...options, after });
      found.push(call);
      after = call.seq + 1;
    }
    return found;
  }

  // ---- the Bot API -------------------------------------------------------------------------------

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec((req.url ?? '').split('?')[0] ?? '');
    if (!match) return send(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    const [, token, method] = match as unknown as [string, string, string];
    const body = await readBody(req);
    const { payload, file } = await decode(req.headers['content-type'] ?? '', body);
    if (token !== this.token) {
      return send(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    }
    if (method === 'getUpdates') return this.#getUpdates(req, res, payload);

    const failure = this.#failures.get(method)?.[0];
    let response: FakeCall['response'];
    if (failure) {
      failure.times -= 1;
      if (failure.times <= 0) this.#failures.get(method)?.shift();
      response = failure.response;
    } else {
      response = this.#answer(method, payload, file);
    }
    const call: FakeCall = {
      seq: this.calls.length,
      method,
      token,
      payload,
      response,
      ...(file ? { file } : {}),
    };
    this.calls.push(call);
    send(res, response.ok ? 200 : (response.error_code ?? 400), response);
    for (const waiter of this.#waiters) {
      if (isOf(call, waiter.method) && call.seq >= waiter.from && waiter.predicate(call)) {
        this.#waiters.delete(waiter);
        waiter.resolve(call);
      }
    }
  }

  #getUpdates(req: IncomingMessage, res: ServerResponse, payload: Record<string, unknown>): void {
    const offset = Number(payload.offset ?? 0);
    const limit = Number(payload.limit ?? 100);
    // Telegram forgets updates below the offset: they are confirmed.
    if (offset > this.#confirmed) this.#confirmed = offset;
    const pending = () =>
      this.#updates.filter((u) => (u.update_id as number) >= this.#confirmed || u.__redelivered === true);
    const reply = () => {
      this.#updates = this.#updates.filter(
        (u) => (u.update_id as number) >= this.#confirmed || u.__redelivered === true,
      );
      const batch = this.#updates.slice(0, limit);
      // A redelivered update is handed out once; the others stay until a later offset confirms them.
      this.#updates = this.#updates.filter((u) => !(u.__redelivered === true && batch.includes(u)));
      const result = batch.map(({ __redelivered, ...u }) => u);
      if (!res.writableEnded) send(res, 200, { ok: true, result });
    };
    if (pending().length > 0) {
      reply();
      return;
    }
    const seconds = Math.min(Number(payload.timeout ?? 0), this.#maxPollSeconds);
    const release = () => {
      this.#polls.delete(release);
      clearTimeout(timer);
      reply();
    };
    const timer = setTimeout(release, seconds * 1000);
    this.#polls.add(release);
    req.socket.once('close', () => {
      this.#polls.delete(release);
      clearTimeout(timer);
    });
  }

  #answer(method: string, p: Record<string, unknown>, file?: FakeCall['file']): FakeCall['response'] {
    if (this.older) {
      if (OLDER_SERVER_LACKS.includes(method))
        return { ok: false, error_code: 404, description: 'Not Found' };
      // Unknown parameters are ignored: an ephemeral message goes to everyone; a rich edit has no text.
      const { ephemeral_message_parameters: _e, rich_message: _r, ...known } = p;
      p = known.reply_markup
        ? { ...known, reply_markup: keyboardAsOlderServerReads(known.reply_markup) }
        : known;
      if (method === 'editMessageText' && p.text === undefined)
        return { ok: false, error_code: 400, description: 'Bad Request: message text is empty' };
    }
    switch (method) {
      case 'getMe':
        return {
          ok: true,
          result: {
            ...this.bot,
            can_join_groups: true,
            can_read_all_group_messages: false,
            supports_inline_queries: false,
          },
        };
      case 'deleteWebhook':
        this.#webhook = undefined;
        return { ok: true, result: true };
      case 'setWebhook': {
        // Bot API setWebhook: HTTPS only, and only ports 443, 80, 88 or 8443; the descriptions are
        // the ones Telegram sends.
        const refusal = webhookRefusal(String(p.url ?? ''));
        if (refusal) return { ok: false, error_code: 400, description: refusal };
        this.#webhook = {
          url: String(p.url),
          ...(p.secret_token ? { secret_token: String(p.secret_token) } : {}),
        };
        return { ok: true, result: true };
      }
      case 'answerCallbackQuery': {
        const seq = Number(/^cq(\d+)$/.exec(String(p.callback_query_id))?.[1] ?? Number.NaN);
        if (!(seq >= this.#callbackQueriesExpireBefore))
          return {
            ok: false,
            error_code: 400,
            description: 'Bad Request: query is too old and response timeout expired or query ID is invalid',
          };
        return { ok: true, result: true };
      }
      case 'sendChatAction':
        return { ok: true, result: true };
      case 'setMyCommands': {
        // Bot API BotCommand: command 1-32 of a-z, 0-9 and _; description 1-256; at most 100;
        // language_code a two-letter ISO 639-1 code or absent.
        const commands = (p.commands ?? []) as { command?: string; description?: string }[];
        const code = p.language_code;
        const bad =
          commands.length > 100 ||
          commands.some(
            (c) =>
              !/^[a-z0-9_]{1,32}$/.test(String(c.command ?? '')) ||
              !c.description ||
              c.description.length > 256,
          ) ||
          (code !== undefined && code !== '' && !/^[a-z]{2}$/.test(String(code)));
        if (bad || ephemeralFlagProblem(commands))
          return { ok: false, error_code: 400, description: 'Bad Request: BOT_COMMAND_INVALID' };
        this.declared.declare(p, this.older);
        return { ok: true, result: true };
      }
      case 'sendMessage':
      case 'sendRichMessage':
      case 'sendPhoto':
      case 'sendDocument': {
        const chatId = Number(p.chat_id);
        if ((method === 'sendPhoto' || method === 'sendDocument') && !file)
          return { ok: false, error_code: 400, description: 'Bad Request: there is no file in the request' };
        const refused =
          method === 'sendMessage'
            ? formattingProblem(p)
            : method === 'sendRichMessage'
              ? richMessageProblem(p)
              : captionProblem(p);
        if (refused) return refused;
        const fields: Partial<FakeMessage> = {
          from: { ...this.bot },
          ...content(method, p),
          ...(file && method === 'sendPhoto'
            ? {
                photo: [
                  {
                    file_id: `p${this.calls.length}`,
                    file_unique_id: `q${this.calls.length}`,
                    width: 960,
                    height: 540,
                  },
                ],
              }
            : file
              ? {
                  document: {
                    file_name: file.name,
                    file_id: `f${this.calls.length}`,
                    file_unique_id: `u${this.calls.length}`,
                  },
                }
              : {}),
          ...(p.caption !== undefined ? { text: String(p.caption) } : {}),
          ...(p.reply_markup ? { reply_markup: p.reply_markup } : {}),
        };
        const ephemeral = p.ephemeral_message_parameters as EphemeralParameters | undefined;
        if (ephemeral) return this.#sendEphemeral(chatId, p, ephemeral, fields);
        if (this.#blocked.has(chatId)) {
          return {
            ok: false,
            error_code: 403,
            description: "Forbidden: bot can't initiate conversation with a user",
          };
        }
        return { ok: true, result: strip(this.#store(this.#chatOf(chatId), fields)) };
      }
      case 'answerGuestQuery':
        return this.guests.answer(p);
      case 'sendMessageDraft':
        return answerDraft(p, this.#chatOf(Number(p.chat_id)).type, this.drafts);
      case 'editMessageText': {
        const refused = editContentProblem(p);
        if (refused) return refused;
        // Bot API editMessageText: a deleted message is gone, and a photo or document has a caption,
        // not a text (that is editMessageCaption); Telegram refuses both.
        const msg = this.#find(Number(p.chat_id), Number(p.message_id));
        if (!msg || msg.deleted)
          return { ok: false, error_code: 400, description: 'Bad Request: message to edit not found' };
        if (msg.photo || msg.document)
          return {
            ok: false,
            error_code: 400,
            description: 'Bad Request: there is no text in the message to edit',
          };
        return editContent(msg, p);
      }
      case 'editEphemeralMessageText':
      case 'editEphemeralMessageReplyMarkup': {
        const refused = method === 'editEphemeralMessageText' ? editContentProblem(p) : keyboardProblem(p);
        if (refused) return refused;
        const msg = this.#findEphemeral(p);
        if (!msg)
          return { ok: false, error_code: 400, description: 'Bad Request: message to edit not found' };
        const edited =
          method === 'editEphemeralMessageText'
            ? editContent(msg, p)
            : editContent(msg, { ...p, ...currentContent(msg) });
        return edited.ok ? { ok: true, result: true } : edited;
      }
      case 'deleteEphemeralMessage': {
        const msg = this.#findEphemeral(p);
        if (!msg)
          return { ok: false, error_code: 400, description: 'Bad Request: message to delete not found' };
        msg.deleted = true;
        return { ok: true, result: true };
      }
      case 'deleteMessage': {
        const msg = this.#find(Number(p.chat_id), Number(p.message_id));
        if (!msg || msg.deleted)
          return { ok: false, error_code: 400, description: 'Bad Request: message to delete not found' };
        msg.deleted = true;
        return { ok: true, result: true };
      }
      case 'getChatMember': {
        const admin = this.#admins.get(Number(p.chat_id))?.has(Number(p.user_id)) ?? false;
        return {
          ok: true,
          result: {
            status: admin ? 'administrator' : 'member',
            user: { id: Number(p.user_id), is_bot: false, first_name: 'U' },
          },
        };
      }
      case 'getChatAdministrators': {
        const ids = [...(this.#admins.get(Number(p.chat_id)) ?? [])];
        return {
          ok: true,
          result: ids.map((id) => ({
            status: 'administrator',
            user: { id, is_bot: false, first_name: 'A' },
          })),
        };
      }
      default:
        return { ok: false, error_code: 404, description: `Not Found: method ${method} is not faked` };
    }
  }

  #store(chat: FakeChat, fields: Partial<FakeMessage>): FakeMessage {
    const id = (this.#nextMessageId.get(chat.id) ?? 0) + 1;
    this.#nextMessageId.set(chat.id, id);
    const msg: FakeMessage = { message_id: id, date: Math.floor(Date.now() / 1000), chat, ...fields };
    const list = this.#messages.get(chat.id) ?? [];
    list.push(msg);
    this.#messages.set(chat.id, list);
    return msg;
  }

  /** An ordinary message by id; ephemeral messages (id 0) are reached only by their own id. */
  #find(chatId: number, messageId: number): FakeMessage | undefined {
    return this.#messages
      .get(chatId)
      ?.find((m) => m.message_id === messageId && m.ephemeral_message_id === undefined);
  }

  /** editEphemeralMessage… / deleteEphemeralMessage: the message by chat, receiver and ephemeral id. */
  #findEphemeral(p: Record<string, unknown>): FakeMessage | undefined {
    return this.#messages
      .get(Number(p.chat_id))
      ?.find(
        (m) =>
          !m.deleted &&
          m.ephemeral_message_id === Number(p.ephemeral_message_id) &&
          m.receiver_user?.id === Number(p.receiver_user_id),
      );
  }

  #chatOf(chatId: number): FakeChat {
    return this.#chats.get(chatId) ?? { id: chatId, type: chatId > 0 ? 'private' : 'group' };
  }

  /**
   * A message "that only that user and the bot see" (Bot API 10.2, `EphemeralMessageParameters`).
   * Refused, as Telegram would: in a private chat (the edit and delete methods name a supergroup:
   * there is nobody to hide it from), to a receiver who is not in the group, with a callback query
   * that is unknown, expired (the same deadline as answerCallbackQuery), someone else's or from
   * another chat; `replace_callback_query_message` without a query or for a query from an ephemeral
   * message ("must be False … edited using regular editEphemeralMessage… methods"); a reply to a
   * message that is gone (`allow_sending_without_reply` is "always False for … sent ephemeral
   * messages"); a `login_url` button ("not supported for ephemeral messages"). The message gets
   * `message_id` 0 and its own `ephemeral_message_id`.
   */
  #sendEphemeral(
    chatId: number,
    p: Record<string, unknown>,
    e: EphemeralParameters,
    fields: Partial<FakeMessage>,
  ): FakeCall['response'] {
    const bad = (description: string) => ({
      ok: false,
      error_code: 400,
      description: `Bad Request: ${description}`,
    });
    const chat = this.#chatOf(chatId);
    if (chat.type === 'private') return bad('CHAT_TYPE_INVALID');
    const receiver = Number(e.receiver_user_id);
    if (!this.#members.get(chatId)?.has(receiver)) return bad('USER_NOT_PARTICIPANT');
    if (e.callback_query_id !== undefined) {
      const query = this.#queries.get(String(e.callback_query_id));
      if (
        !query ||
        query.seq < this.#callbackQueriesExpireBefore ||
        query.from !== receiver ||
        query.chatId !== chatId
      )
        return bad('query is too old and response timeout expired or query ID is invalid');
      if (e.replace_callback_query_message && query.ephemeral)
        return bad(
          'replace_callback_query_message must be False for callback queries from ephemeral messages',
        );
    } else if (e.replace_callback_query_message) {
      return bad('replace_callback_query_message needs callback_query_id');
    }
    const replyTo = (p.reply_parameters as { message_id?: number } | undefined)?.message_id;
    const repliedTo = replyTo === undefined ? undefined : this.#find(chatId, replyTo);
    if (replyTo !== undefined && (!repliedTo || repliedTo.deleted))
      return bad('message to be replied not found');
    const rows = (p.reply_markup as { inline_keyboard?: Record<string, unknown>[][] } | undefined)
      ?.inline_keyboard;
    if (rows?.flat().some((b) => b.login_url !== undefined)) return bad('BUTTON_TYPE_INVALID');
    const id = (this.#nextEphemeralId.get(chatId) ?? 0) + 1;
    this.#nextEphemeralId.set(chatId, id);
    const msg = this.#store(chat, {
      ...fields,
      ephemeral_message_id: id,
      receiver_user: { id: receiver, is_bot: false, first_name: this.#nameOf(receiver) },
    });
    msg.message_id = 0;
    return { ok: true, result: strip(msg) };
  }

  #nameOf(userId: number): string {
    for (const list of this.#messages.values())
      for (const m of list) if (m.from?.id === userId) return m.from.first_name;
    return String(userId);
  }
}

interface EphemeralParameters {
  receiver_user_id: number;
  callback_query_id?: string;
  replace_callback_query_message?: boolean;
}

function isOf(call: FakeCall, method: string | readonly string[]): boolean {
  return typeof method === 'string' ? call.method === method : method.includes(call.method);
}
