import { randomBytes } from 'node:crypto';
import type { PendingAction } from '../store/records.js';
import type { Stores } from '../store/stores.js';
import { normalizePhoneNumber } from '../telephony/phone.js';
import { argsSchema, type CommandContext, type CommandSpec } from './command-spec.js';
import { builtInCommands } from './commands/index.js';
import type {
  CommandInfo,
  Core,
  IncomingAction,
  IncomingText,
  LinkInput,
  SupportSetupInput,
} from './core.js';
import { accountClientFor, activeAccount, cardClientFor } from './credentials-access.js';
import { errorReply, isStoreUnavailable, UserFacingError } from './error-replies.js';
import { type ChatRef, chatKey, type Identity, identityKey } from './identity.js';
import { InFlight } from './in-flight.js';
import { takeInterruptedNotices } from './interrupted.js';
import { handleConversation, lineMayHoldSecret, linkCredentials, setupSupport } from './linking.js';
import { type CoreLogger, silentLogger } from './logger.js';
import { HOME_ACTION, homeReply, MENU_SCREENS, withBack } from './menu/home.js';
import { needsPaging, pageOf, parsePageAction } from './menu/paging.js';
import { answerPrompt, askFor } from './menu/prompts.js';
import { markSecret } from './menu/secrets.js';
import { type Language, languageOf, type Messages, messagesFor } from './messages.js';
import type { ActionOutcome, Reply } from './reply.js';
import type { Role } from './roles.js';
import type { ClientFactory } from './services.js';
import { tokenize } from './tokenize.js';
import { type UserLocale, userLocale } from './user-locale.js';

export interface CoreOptions {
  stores: Stores;
  /** Builds a signed client for stored credentials (shared transport, see src/bots). */
  clientFactory: ClientFactory;
  /** The command table. Default: every built-in command. */
  commands?: CommandSpec[];
  clock?: () => Date;
  /** How long a confirmation button works. Default 5 minutes. */
  confirmTtlMs?: number;
  /** Per-user command rate limit, shared across instances through the store. `false` turns it off. */
  rateLimit?: { limit: number; windowMs: number } | false;
  logger?: CoreLogger;
  /** Rows per page of a long list (issue 16). Default 20. */
  pageRows?: number;
  /** A message holding a PIN or SIP password is deleted after this long (issue 16). Default 10 minutes. */
  secretTtlMs?: number;
  /**
   * A command that reaches the core longer than this after it was sent (`IncomingText.sentAt`) is
   * not run: redelivered after an outage, it would act late (issue 10). Default 30 s.
   */
  maxCommandAgeMs?: number;
}

/** Builds the channel-agnostic core: the command table, its dispatcher, confirmations and linking. */
export function createCore(options: CoreOptions): Core {
  const stores = options.stores;
  const clock = options.clock ?? (() => new Date());
  const confirmTtlMs = options.confirmTtlMs ?? 5 * 60_000;
  const rateLimit = options.rateLimit === undefined ? { limit: 30, windowMs: 60_000 } : options.rateLimit;
  const logger = options.logger ?? silentLogger;
  const pageRows = options.pageRows ?? 20;
  const secretTtlMs = options.secretTtlMs ?? 10 * 60_000;
  const maxCommandAgeMs = options.maxCommandAgeMs ?? 30_000;
  const table = options.commands ?? builtInCommands({ clock });
  const byName = new Map<string, CommandSpec>();
  for (const spec of table) {
    for (const n of [spec.name, ...(spec.aliases ?? [])]) byName.set(n, spec);
  }
  const inFlight = new InFlight();

  const en = messagesFor('en');
  const commands: CommandInfo[] = table.map((s) => ({
    name: s.name,
    aliases: s.aliases ?? [],
    summary: s.summary(en),
    usage: s.usage(en),
    example: s.example(en),
    roles: s.roles,
    privateOnly: s.privateOnly ?? false,
    personal: s.personal ?? false,
    confirm: s.confirm !== undefined,
    hidden: s.hidden ?? false,
  }));

  /** The role this user has in this chat, or a refusal. */
  async function roleIn(
    identity: Identity,
    chat: ChatRef,
    spec: CommandSpec,
    t: Messages,
  ): Promise<Role | Reply> {
    const chatSettings =
      chat.kind === 'shared'
        ? await stores.settings.chat(chatKey(identity.platform, identity.tenant, chat))
        : {};
    const support = chatSettings.support;
    if (support && spec.needs !== 'none') {
      const isAgent =
        support.agents.includes(identity.user) ||
        (support.agentGroup !== undefined && (identity.groups ?? []).includes(support.agentGroup));
      if (!isAgent || !spec.roles.includes('agent'))
        return { text: isAgent ? t.notAllowed(spec.name) : t.notAgent, tone: 'error' };
      return 'agent';
    }
    if (spec.roles.includes('holder')) return 'holder';
    if (spec.roles.includes('admin') && chat.userIsAdmin) return 'admin';
    if (spec.roles.includes('agent') && support) return 'agent';
    return {
      text: spec.name === 'groupdata' ? t.groupDataAdminOnly : t.notAllowed(spec.name),
      tone: 'error',
    };
  }

  /** Stores a single-use pending action for a button and returns its id. */
  async function createPending(
    kind: PendingAction['kind'],
    command: string,
    args: string[],
    input: { identity: Identity; chat: ChatRef },
    role: Role,
    extra: { fromMenu?: boolean } = {},
  ): Promise<string> {
    const id = randomBytes(6).toString('base64url');
    const now = clock();
    const action: PendingAction = {
      id,
      kind,
      command,
      args,
      owner: identityKey(input.identity),
      agentChannel:
        role === 'agent' ? chatKey(input.identity.platform, input.identity.tenant, input.chat) : undefined,
      chatId: input.chat.id,
      ...(extra.fromMenu ? { fromMenu: true } : {}),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + (kind === 'hangup' ? 6 * 3600_000 : confirmTtlMs)).toISOString(),
    };
    await stores.pending.put(action);
    return id;
  }

  /** The user's language and zone: what they chose (`/language`, `/timezone`) wins over the platform's hint. */
  async function localeOf(input: {
    identity: Identity;
    locale?: string;
    timeZone?: string;
  }): Promise<UserLocale> {
    const settings = await stores.settings.user(identityKey(input.identity));
    return userLocale({
      chosen: settings.locale,
      platform: input.locale,
      timeZone: settings.timeZone ?? input.timeZone,
    });
  }

  /** The argument schema of `spec` for this user: fixes in their words, dates in their zone. */
  function parseArgs(spec: CommandSpec, tokens: readonly string[], loc: UserLocale) {
    return argsSchema(spec, { t: loc.t, timeZone: loc.fmt.timeZone, now: clock }).safeParse(tokens);
  }

  function makeContext(
    _spec: CommandSpec,
    args: unknown,
    tokens: readonly string[],
    input: { identity: Identity; chat: ChatRef; inputIsPrivate?: boolean },
    role: Role,
    loc: UserLocale,
  ): CommandContext<unknown> {
    const { t, fmt, language } = loc;
    const idKey = identityKey(input.identity);
    const cKey = chatKey(input.identity.platform, input.identity.tenant, input.chat);
    const owner = role === 'agent' ? cKey : idKey;
    return {
      args,
      tokens,
      identity: input.identity,
      identityKey: idKey,
      chat: input.chat,
      chatKey: cKey,
      role,
      t,
      language,
      fmt,
      now: clock(),
      stores,
      inputIsPrivate: input.inputIsPrivate ?? false,
      account: () => accountClientFor(stores, options.clientFactory, owner),
      card: () => cardClientFor(stores, options.clientFactory, owner),
      async audit(entry) {
        await stores.audit.append({
          at: clock().toISOString(),
          actor: idKey,
          actorName: input.identity.displayName,
          chat: cKey,
          role,
          ...entry,
        });
      },
      pending: (kind, command, pendingArgs, extra) =>
        createPending(kind, command, pendingArgs, input, role, extra),
    };
  }

  /** Personal data goes privately in shared chats unless the chat allows it (issue 5, 6). */
  async function placeReplies(replies: Reply[], identity: Identity, chat: ChatRef): Promise<Reply[]> {
    if (chat.kind !== 'shared') return replies;
    const needsCheck = replies.some((r) => r.visibility === 'personal');
    const allowed = needsCheck
      ? ((await stores.settings.chat(chatKey(identity.platform, identity.tenant, chat))).showPersonalData ??
        false)
      : false;
    return replies.map((r) =>
      r.visibility === 'secret' || (r.visibility === 'personal' && !allowed)
        ? { ...r, deliverPrivately: true }
        : r,
    );
  }

  async function run(spec: CommandSpec, ctx: CommandContext<unknown>): Promise<Reply[]> {
    const out = await spec.handler(ctx);
    return (Array.isArray(out) ? out : [out]).map((r) => markSecret(r, ctx.t, secretTtlMs));
  }

  /** Cuts the first long list into pages (issue 16); a page press re-reads it with the same arguments. */
  async function paginate(
    spec: CommandSpec,
    ctx: CommandContext<unknown>,
    replies: Reply[],
    view: View,
  ): Promise<Reply[]> {
    const i = replies.findIndex((r) => needsPaging(r, pageRows));
    if (i < 0 || spec.changesState) {
      return view.fromMenu && replies[0] ? [withBack(replies[0], ctx.t), ...replies.slice(1)] : replies;
    }
    const pendingId =
      view.pageId ?? (await ctx.pending('page', spec.name, [...ctx.tokens], { fromMenu: view.fromMenu }));
    const out = [...replies];
    out[i] = pageOf(replies[i]!, view.page ?? 0, {
      pageRows,
      pendingId,
      t: ctx.t,
      back: view.fromMenu === true,
      first: view.pageId === undefined,
    });
    return out;
  }

  function failure(
    err: unknown,
    t: Messages,
    spec: CommandSpec | undefined,
    tokens: readonly string[],
    requestId: string,
  ): Reply {
    const card = spec?.needs === 'card';
    const { reply, expected } = errorReply(err, {
      t,
      card,
      cli: card ? cardCli(tokens[1]) : undefined,
      ref: requestId,
    });
    if (!expected)
      logger.error(
        { requestId, command: spec?.name, err: describeError(err) },
        'command failed unexpectedly',
      );
    return reply;
  }

  /** One structured line per command or button press (issue 7): never arguments, never replies. */
  function logLine(
    kind: 'command' | 'action',
    requestId: string,
    platform: string,
    command: string,
    started: number,
    outcome: string,
  ) {
    logger.info(
      { requestId, platform, command, durationMs: Math.round(performance.now() - started), outcome },
      kind,
    );
  }

  /** Where a command's answer is shown: opened from the menu, or a page of an earlier list. */
  interface View {
    fromMenu?: boolean;
    pageId?: string;
    page?: number;
  }

  /**
   * Runs one command for one person: the private-only, shared-only and role rules, the question for
   * a missing argument, argument parsing, confirmation, the handler, paging and placement. Typed
   * commands, menu buttons, page presses and answered questions all come through here.
   */
  async function dispatch(
    spec: CommandSpec,
    tokens: string[],
    input: {
      identity: Identity;
      chat: ChatRef;
      locale?: string;
      inputIsPrivate?: boolean;
    },
    loc: UserLocale,
    requestId: string,
    view: View,
  ): Promise<{ replies: Reply[]; outcome: string }> {
    const { t } = loc;
    if (spec.privateOnly && input.chat.kind === 'shared' && !input.inputIsPrivate) {
      return {
        outcome: 'private-only',
        replies: [
          { text: t.privateOnly(spec.name), tone: 'warning', privateRedirect: { startParam: spec.name } },
        ],
      };
    }
    if (spec.sharedOnly && input.chat.kind !== 'shared')
      return { outcome: 'shared-only', replies: [{ text: t.sharedOnly(spec.name), tone: 'warning' }] };
    const role = await roleIn(input.identity, input.chat, spec, t);
    if (typeof role !== 'string') return { outcome: 'refused', replies: [role] };
    if (spec.ask && tokens.length === 0) {
      const question = await askFor(
        stores,
        identityKey(input.identity),
        { command: spec.name, before: [], after: [], ask: spec.ask },
        clock(),
        t,
      );
      return { outcome: 'asked', replies: [view.fromMenu ? withBack(question, t) : question] };
    }
    const parsed = parseArgs(spec, tokens, loc);
    if (!parsed.success) {
      const fix = parsed.error.issues[0]?.message ?? t.vGeneric;
      return {
        outcome: 'bad-input',
        replies: [
          {
            text: t.badArgs(fix, spec.usage(t), spec.example(t)),
            tone: 'error',
            deleteIncoming: spec.secretArgs,
          },
        ],
      };
    }
    const ctx = makeContext(spec, parsed.data, tokens, input, role, loc);
    try {
      if (spec.needs === 'account') await ctx.account();
      if (spec.needs === 'card') await ctx.card();
      const prompt = spec.confirm && view.pageId === undefined ? await spec.confirm(ctx) : undefined;
      if (prompt) {
        const id = await ctx.pending('confirm', spec.name, tokens);
        return {
          outcome: 'confirm-asked',
          replies: await placeReplies(
            [
              {
                text: `${prompt}\n${t.confirmExpiresIn(Math.round(confirmTtlMs / 60_000))}`,
                actions: [
                  {
                    label: t.confirmButton,
                    actionId: `c:${id}`,
                    style: spec.name === 'card' ? 'danger' : 'primary',
                    // Slack shows it as a confirm dialog on the button (issue 6).
                    confirmText: prompt,
                  },
                  { label: t.cancelButton, actionId: `x:${id}` },
                ],
                expiresAt: new Date(ctx.now.getTime() + confirmTtlMs),
                visibility: spec.personal ? 'personal' : 'public',
              },
            ],
            input.identity,
            input.chat,
          ),
        };
      }
      const replies = await paginate(spec, ctx, await run(spec, ctx), view);
      return { outcome: 'ok', replies: await placeReplies(replies, input.identity, input.chat) };
    } catch (err) {
      const reply = failure(err, t, spec, tokens, requestId);
      // The store failed before the command was read through (issue 10): its PIN still goes.
      const secret = spec.secretArgs === true && isStoreUnavailable(err);
      return { outcome: 'failed', replies: [secret ? { ...reply, deleteIncoming: true } : reply] };
    }
  }

  async function activeLabel(idKey: string): Promise<string | undefined> {
    return activeAccount(await stores.credentials.get(idKey))?.label;
  }

  /** A shared contact (issue 16): answers a waiting question for a number, or offers Call and Target. */
  async function contactReplies(input: IncomingText, phone: string, loc: UserLocale): Promise<Reply[]> {
    const { t } = loc;
    const idKey = identityKey(input.identity);
    const number = normalizePhoneNumber(phone);
    if (!number.ok) return [{ text: t.contactNoNumber, tone: 'warning' }];
    const digits = number.value.digits;
    const settings = await stores.settings.user(idKey);
    if (settings.prompt?.ask === 'number') {
      const answer = await answerPrompt(stores, idKey, `+${digits}`, clock(), t);
      if (answer.kind === 'reply') return answer.replies;
      const spec = answer.kind === 'run' ? byName.get(answer.command) : undefined;
      if (spec && answer.kind === 'run')
        return (await dispatch(spec, answer.tokens, input, loc, input.requestId ?? '', {})).replies;
    }
    const call = await createPending('prompt', 'call', [digits], input, 'holder');
    const target = await createPending('prompt', 'target', [digits], input, 'holder');
    return [
      {
        title: t.contactTitle(digits),
        text: t.contactText,
        actions: [
          { label: t.contactCall, actionId: `k:${call}` },
          { label: t.contactTarget, actionId: `k:${target}` },
        ],
        visibility: 'personal',
      },
    ];
  }

  /** Interrupted operations of this user (issue 10), told with whatever they get next. */
  async function withNotices(
    replies: Reply[],
    input: { identity: Identity; chat: ChatRef; locale?: string; timeZone?: string },
  ): Promise<{ replies: Reply[]; language: Language }> {
    const idKey = identityKey(input.identity);
    const loc = await localeOf(input).catch(() => undefined);
    const notices = loc
      ? await takeInterruptedNotices(stores, idKey, loc.t, (iso) => loc.fmt.dateTime(new Date(iso))).catch(
          () => [],
        )
      : [];
    const all = notices.length
      ? [...replies, ...(await placeReplies(notices, input.identity, input.chat))]
      : replies;
    const language = loc?.language ?? languageOf(input.locale);
    return { replies: inLanguage(all, language), language };
  }

  /** Stamps the user's language on replies, for the few words adapters write around them. */
  function inLanguage(replies: Reply[], language: Language): Reply[] {
    return replies.map((r) => (r.language ? r : { ...r, language }));
  }

  async function handleText(input: IncomingText): Promise<Reply[]> {
    return (await withNotices(await handleTextOnce(input), input)).replies;
  }

  async function handleTextOnce(input: IncomingText): Promise<Reply[]> {
    const requestId = input.requestId ?? randomBytes(4).toString('hex');
    const started = performance.now();
    let commandName = 'text';
    let outcome = 'ok';
    const release = inFlight.enter();
    if (!release) return [{ text: messagesFor(input.locale).shuttingDown, tone: 'warning' }];
    let t = messagesFor(input.locale);
    try {
      const loc = await localeOf(input);
      t = loc.t;
      const idKey = identityKey(input.identity);
      if (rateLimit) {
        const r = await stores.rateLimit.hit(`cmd:${idKey}`, rateLimit.limit, rateLimit.windowMs);
        if (!r.allowed) {
          outcome = 'rate-limited';
          // Refused unread, but a PIN or a password in it is still deleted (issue 10).
          const secret = await lineMayHoldSecret(
            stores,
            idKey,
            input.text,
            (n) => byName.get(n)?.secretArgs === true,
          ).catch(() => true);
          return [
            {
              text: t.rateLimited(Math.max(1, Math.ceil(r.retryAfterMs / 1000))),
              tone: 'warning',
              ...(secret ? { deleteIncoming: true } : {}),
            },
          ];
        }
      }
      const text = input.text.trim();
      const chatText = input.via === 'chat';
      const shared = input.chat.kind === 'shared';
      const isCommand = text.startsWith('/');
      const isCancel = /^\/cancel\b/i.test(text);
      if (input.attachment) {
        commandName = input.attachment.kind;
        // In a group a contact or a sticker is for the people there, not for the bot.
        if (shared && chatText) return [];
        if (input.attachment.kind === 'other') return [{ text: t.unsupportedMessage }];
        return contactReplies(input, input.attachment.phone, loc);
      }
      if (isCommand && !isCancel) {
        // A command typed during a conversation ends it and runs (issue 16): "/balance" while
        // linking must not become the username, and the next "hello" must not either.
        const settings = await stores.settings.user(idKey);
        if (settings.conversation || settings.prompt)
          await stores.settings.updateUser(idKey, { conversation: undefined, prompt: undefined });
      }
      if (!isCommand || isCancel) {
        const conversation = await handleConversation({
          stores,
          clientFactory: options.clientFactory,
          clock,
          input,
          t,
          onUnexpected: (err, ref) =>
            logger.error(
              { requestId, ref, command: 'link', err: describeError(err) },
              'command failed unexpectedly',
            ),
        });
        if (conversation) {
          commandName = 'link-conversation';
          return conversation;
        }
        const answer = await answerPrompt(stores, idKey, text, clock(), t);
        if (answer.kind === 'reply') return answer.replies;
        if (answer.kind === 'run') {
          const spec = byName.get(answer.command);
          if (spec) {
            commandName = spec.name;
            const replies = await dispatch(spec, answer.tokens, input, loc, requestId, {});
            outcome = replies.outcome;
            // A PIN typed as an answer is deleted like one typed in the command.
            return answer.secret
              ? replies.replies.map((r) => ({ ...r, deleteIncoming: true }))
              : replies.replies;
          }
        }
        if (!isCommand && chatText) {
          // Chat text that is no answer: a hint and the home menu in private, silence in a group.
          commandName = 'chat-text';
          if (shared) return [];
          return [homeReply(t, await activeLabel(idKey), t.chatHint)];
        }
      }
      let [rawName = '', ...tokens] = tokenize(text.replace(/^\//, ''));
      let name = rawName.toLowerCase();
      commandName = name || 'empty';
      if (!name) return [{ text: t.notACommand }];
      if (name === 'start' && tokens.length === 1 && tokens[0]!.toLowerCase() !== 'start') {
        // A deep link from a group (`t.me/<bot>?start=topup`) resumes the command that sent the user here.
        const resumed = byName.get(tokens[0]!.toLowerCase());
        if (resumed && !resumed.hidden) {
          name = resumed.name;
          tokens = [];
        }
      }
      if (input.sentAt && clock().getTime() - input.sentAt.getTime() > maxCommandAgeMs) {
        outcome = 'too-old';
        return [{ text: t.commandTooOld(`/${name.slice(0, 40)}`), tone: 'warning' }];
      }
      const spec = byName.get(name);
      if (!spec) {
        outcome = 'unknown-command';
        // In a group, `/stats` with no @name may be another bot's command: not ours to answer.
        if (chatText && shared && !input.addressed) return [];
        return [
          { text: t.unknownCommand(name.slice(0, 40), suggest(name, [...byName.keys()])), tone: 'error' },
        ];
      }
      commandName = spec.name;
      const result = await dispatch(spec, tokens, input, loc, requestId, {});
      outcome = result.outcome;
      return result.replies;
    } catch (err) {
      outcome = 'error';
      const reply = failure(err, t, undefined, [], requestId);
      // Refused unread because the store is down (issue 10): a PIN or a password in it still goes.
      if (
        isStoreUnavailable(err) &&
        (input.chat.kind === 'private' || input.text.trim().startsWith('/')) &&
        (await lineMayHoldSecret(undefined, '', input.text, (n) => byName.get(n)?.secretArgs === true))
      )
        return [{ ...reply, deleteIncoming: true }];
      return [reply];
    } finally {
      release();
      logLine('command', requestId, input.identity.platform, commandName, started, outcome);
    }
  }

  /** Whether this person may press a button of `action`: its owner, or an agent of its support channel. */
  async function mayPress(action: PendingAction, input: IncomingAction): Promise<boolean> {
    if (action.owner === identityKey(input.identity)) return true;
    const cKey = chatKey(input.identity.platform, input.identity.tenant, input.chat);
    const support = action.agentChannel === cKey ? (await stores.settings.chat(cKey)).support : undefined;
    return (
      support !== undefined &&
      (support.agents.includes(input.identity.user) ||
        (support.agentGroup !== undefined && (input.identity.groups ?? []).includes(support.agentGroup)))
    );
  }

  /** Replies shown in place of the pressed message: the first replaces it, the rest follow. */
  function inPlace(replies: Reply[], t: Messages): ActionOutcome {
    const [first, ...rest] = replies;
    // Personal data pressed for in a group goes privately; the menu message stays as it was.
    if (first?.deliverPrivately) return { notice: t.deliveredPrivately, followUps: replies };
    return { notice: first?.tone === 'error' ? first.text : undefined, update: first, followUps: rest };
  }

  /** Menu screens, list pages and contact questions (issue 16): navigation, never a state change by itself. */
  async function navigate(input: IncomingAction, loc: UserLocale, requestId: string): Promise<ActionOutcome> {
    const { t } = loc;
    const idKey = identityKey(input.identity);
    if (input.actionId.startsWith('m:')) {
      // Leaving a screen ends a question it asked (the menu's Top up asks for a PIN).
      const settings = await stores.settings.user(idKey);
      if (settings.prompt || settings.conversation)
        await stores.settings.updateUser(idKey, { prompt: undefined, conversation: undefined });
      const name = input.actionId.slice(2);
      if (name === 'home') return { update: homeReply(t, await activeLabel(idKey)) };
      const screen = MENU_SCREENS[name];
      if (!screen) return { notice: t.confirmExpired };
      if ('reply' in screen) return { update: withBack(screen.reply(t), t) };
      const spec = byName.get(screen.command);
      if (!spec) return { notice: t.confirmExpired };
      const { replies } = await dispatch(spec, screen.tokens, input, loc, requestId, { fromMenu: true });
      if (screen.extra && replies[0] && !replies[0].deliverPrivately && replies[0].tone !== 'error') {
        const [first, ...rest] = replies;
        const actions = (first.actions ?? []).filter((x) => x.actionId !== HOME_ACTION);
        return inPlace([withBack({ ...first, actions: [...actions, ...screen.extra(t)] }, t), ...rest], t);
      }
      return inPlace(replies.length ? replies : [withBack({ text: t.working }, t)], t);
    }
    const pageAction = parsePageAction(input.actionId);
    const id = pageAction?.id ?? (input.actionId.startsWith('k:') ? input.actionId.slice(2) : undefined);
    const action = id ? await stores.pending.get(id) : undefined;
    if (!action || (pageAction ? action.kind !== 'page' : action.kind !== 'prompt'))
      return { notice: pageAction ? t.pageExpired : t.confirmExpired };
    if (!(await mayPress(action, input))) return { notice: t.confirmNotYours };
    if (!pageAction) {
      const question = await askFor(
        stores,
        idKey,
        { command: action.command, before: [], after: action.args, ask: 'number' },
        clock(),
        t,
      );
      return { update: question };
    }
    const spec = byName.get(action.command);
    if (!spec) return { notice: t.pageExpired };
    const { replies } = await dispatch(spec, action.args, input, loc, requestId, {
      pageId: action.id,
      page: pageAction.page,
      fromMenu: action.fromMenu,
    });
    return inPlace(replies, t);
  }

  async function handleAction(input: IncomingAction): Promise<ActionOutcome> {
    const outcome = await handleActionOnce(input);
    const { replies: followUps, language } = await withNotices(outcome.followUps ?? [], input);
    const update = outcome.update ? inLanguage([outcome.update], language)[0] : undefined;
    return { ...outcome, ...(update ? { update } : {}), ...(followUps.length ? { followUps } : {}) };
  }

  async function handleActionOnce(input: IncomingAction): Promise<ActionOutcome> {
    const requestId = input.requestId ?? randomBytes(4).toString('hex');
    const started = performance.now();
    let outcome = 'ok';
    let commandName = 'action';
    const release = inFlight.enter();
    if (!release) return { notice: messagesFor(input.locale).shuttingDown };
    let t = messagesFor(input.locale);
    try {
      const loc = await localeOf(input);
      t = loc.t;
      if (/^[mpk]:/.test(input.actionId)) {
        commandName = input.actionId.split(':', 1)[0] === 'm' ? 'menu' : 'navigate';
        return await navigate(input, loc, requestId);
      }
      const [verb, id] = input.actionId.split(':', 2);
      if (!id || !verb || !['c', 'x', 'h'].includes(verb)) {
        outcome = 'bad-action';
        return { notice: t.confirmExpired };
      }
      const action = await stores.pending.get(id);
      if (
        !action ||
        !['confirm', 'hangup'].includes(action.kind) ||
        new Date(action.expiresAt).getTime() <= clock().getTime()
      ) {
        outcome = 'expired';
        return { notice: t.confirmExpired, update: { text: t.confirmExpired, tone: 'warning' } };
      }
      if (!(await mayPress(action, input))) {
        outcome = 'not-owner';
        return { notice: t.confirmNotYours };
      }
      const role: Role = action.agentChannel ? 'agent' : 'holder';
      // Single use across instances: only the first `take` gets it (double clicks, two replicas).
      const taken = await stores.pending.take(id);
      if (!taken) {
        outcome = 'used';
        return { notice: t.confirmExpired };
      }
      commandName = taken.command;
      if (verb === 'x') {
        outcome = 'cancelled';
        return { notice: t.confirmCancelled, update: { text: t.confirmCancelled } };
      }
      const spec = verb === 'h' ? byName.get('hangup') : byName.get(taken.command);
      const tokens = taken.args;
      if (!spec) return { notice: t.confirmExpired };
      const parsed = parseArgs(spec, tokens, loc);
      if (!parsed.success) return { notice: t.confirmExpired };
      const ctx = makeContext(spec, parsed.data, tokens, input, role, loc);
      let replies: Reply[];
      try {
        replies = await placeReplies(await run(spec, ctx), input.identity, input.chat);
      } catch (err) {
        outcome = 'failed';
        const reply = failure(err, t, spec, tokens, requestId);
        return { notice: reply.text, update: reply };
      }
      const [first] = replies;
      if (first?.deliverPrivately)
        return { notice: t.deliveredPrivately, update: { text: t.working }, followUps: replies };
      return inPlace(replies, t);
    } catch (err) {
      outcome = 'error';
      const reply = failure(err, t, undefined, [], requestId);
      return { notice: reply.text };
    } finally {
      release();
      logLine('action', requestId, input.identity.platform, commandName, started, outcome);
    }
  }

  return {
    commands,
    menu(scope, language: Language = 'en') {
      const t = messagesFor(language);
      return table
        .filter((s) => !s.hidden && (scope === 'private' ? !s.sharedOnly : !s.privateOnly))
        .map((s) => ({ command: s.name, description: s.summary(t).slice(0, 256) }));
    },
    handleText,
    handleAction,
    async home(input) {
      const loc = await localeOf(input);
      const { t } = loc;
      const idKey = identityKey(input.identity);
      const label = await activeLabel(idKey);
      const replies: Reply[] = [homeReply(t, label)];
      if (!label) return replies;
      // The home screen is seen by its owner alone: a private chat as far as placement goes.
      const where = {
        identity: input.identity,
        chat: { id: `home:${input.identity.user}`, kind: 'private' as const },
      };
      for (const [name, tokens] of HOME_SCREEN) {
        const spec = byName.get(name);
        if (!spec) continue;
        const out = await dispatch(
          spec,
          tokens,
          { ...where, locale: input.locale },
          loc,
          `home-${idKey}`,
          {},
        );
        replies.push(...out.replies);
      }
      return replies;
    },
    async link(input: LinkInput) {
      const { t } = await localeOf(input);
      if (input.chat.kind === 'shared' && !input.inputIsPrivate)
        return { text: t.linkTypedInShared, tone: 'error' };
      try {
        return await linkCredentials({ stores, clientFactory: options.clientFactory, clock, t, ...input });
      } catch (err) {
        return failure(err, t, undefined, [], randomBytes(4).toString('hex'));
      }
    },
    async setupSupportChannel(input: SupportSetupInput) {
      const { t } = await localeOf(input);
      try {
        return await setupSupport({ stores, clientFactory: options.clientFactory, clock, t, input });
      } catch (err) {
        if (err instanceof UserFacingError) return { text: err.message, tone: 'error' };
        return failure(err, t, undefined, [], randomBytes(4).toString('hex'));
      }
    },
    drain: (timeoutMs) => inFlight.drain(timeoutMs),
  };
}

/** What a home screen shows under the menu: the accounts, the balance, the last five calls. */
const HOME_SCREEN: readonly [string, string[]][] = [
  ['accounts', []],
  ['balance', []],
  ['cdrs', ['30d', 'today', '5']],
];

/** The card number as E.164 digits, as the messages expect (they add the `+`). */
function cardCli(token: string | undefined): string | undefined {
  if (token === undefined) return undefined;
  const r = normalizePhoneNumber(token);
  return r.ok ? r.value.digits : undefined;
}

/** Closest command by edit distance, for "did you mean". */
function suggest(name: string, names: string[]): string | undefined {
  let best: string | undefined;
  let bestD = 3;
  for (const n of names) {
    const d = distance(name, n);
    if (d < bestD) {
      best = n;
      bestD = d;
    }
  }
  return best;
}

function distance(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0]!;
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j]!;
      dp[j] = Math.min(dp[j]! + 1, dp[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return dp[b.length]!;
}

/** Error facts safe to log: names, codes, messages; our errors carry no secrets (test/telephony/secrets). */
function describeError(err: unknown): Record<string, unknown> {
  if (err instanceof Error)
    return { name: err.name, message: err.message, code: (err as { code?: unknown }).code, stack: err.stack };
  return { value: String(err) };
}
