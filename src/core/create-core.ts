import { randomBytes } from 'node:crypto';
import type { PendingAction } from '../store/records.js';
import type { Stores } from '../store/stores.js';
import { normalizePhoneNumber } from '../telephony/phone.js';
import type { CommandContext, CommandSpec } from './command-spec.js';
import { builtInCommands } from './commands/index.js';
import type {
  CommandInfo,
  Core,
  IncomingAction,
  IncomingText,
  LinkInput,
  SupportSetupInput,
} from './core.js';
import { accountClientFor, cardClientFor } from './credentials-access.js';
import { errorReply, UserFacingError } from './error-replies.js';
import { createFormatter } from './format.js';
import { type ChatRef, chatKey, type Identity, identityKey } from './identity.js';
import { InFlight } from './in-flight.js';
import { takeInterruptedNotices } from './interrupted.js';
import { handleConversation, linkCredentials, setupSupport } from './linking.js';
import { type CoreLogger, silentLogger } from './logger.js';
import { type Messages, messagesFor } from './messages.js';
import type { ActionOutcome, Reply } from './reply.js';
import type { Role } from './roles.js';
import type { ClientFactory } from './services.js';
import { tokenize } from './tokenize.js';

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
}

/** Builds the channel-agnostic core: the command table, its dispatcher, confirmations and linking. */
export function createCore(options: CoreOptions): Core {
  const stores = options.stores;
  const clock = options.clock ?? (() => new Date());
  const confirmTtlMs = options.confirmTtlMs ?? 5 * 60_000;
  const rateLimit = options.rateLimit === undefined ? { limit: 30, windowMs: 60_000 } : options.rateLimit;
  const logger = options.logger ?? silentLogger;
  const table = options.commands ?? builtInCommands({ clock });
  const byName = new Map<string, CommandSpec>();
  for (const spec of table) {
    for (const n of [spec.name, ...(spec.aliases ?? [])]) byName.set(n, spec);
  }
  const inFlight = new InFlight();

  const commands: CommandInfo[] = table.map((s) => ({
    name: s.name,
    aliases: s.aliases ?? [],
    summary: s.summary(messagesFor('en')),
    usage: s.usage,
    example: s.example,
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

  function makeContext(
    _spec: CommandSpec,
    args: unknown,
    tokens: readonly string[],
    input: { identity: Identity; chat: ChatRef; locale?: string; inputIsPrivate?: boolean },
    role: Role,
  ): CommandContext<unknown> {
    const t = messagesFor(input.locale);
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
      fmt: createFormatter(input.locale ?? 'en'),
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
      async pending(kind, command, pendingArgs) {
        const id = randomBytes(6).toString('base64url');
        const now = clock();
        const action: PendingAction = {
          id,
          kind,
          command,
          args: pendingArgs,
          owner: idKey,
          agentChannel: role === 'agent' ? cKey : undefined,
          chatId: input.chat.id,
          createdAt: now.toISOString(),
          expiresAt: new Date(
            now.getTime() + (kind === 'hangup' ? 6 * 3600_000 : confirmTtlMs),
          ).toISOString(),
        };
        await stores.pending.put(action);
        return id;
      },
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
    return Array.isArray(out) ? out : [out];
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

  /** Interrupted operations of this user (issue 10), told with whatever they get next. */
  async function withNotices(
    replies: Reply[],
    input: { identity: Identity; chat: ChatRef; locale?: string },
  ): Promise<Reply[]> {
    const idKey = identityKey(input.identity);
    const notices = await takeInterruptedNotices(stores, idKey, messagesFor(input.locale), (iso) =>
      createFormatter(input.locale ?? 'en').dateTime(new Date(iso)),
    ).catch(() => []);
    return notices.length
      ? [...replies, ...(await placeReplies(notices, input.identity, input.chat))]
      : replies;
  }

  async function handleText(input: IncomingText): Promise<Reply[]> {
    return withNotices(await handleTextOnce(input), input);
  }

  async function handleTextOnce(input: IncomingText): Promise<Reply[]> {
    const requestId = input.requestId ?? randomBytes(4).toString('hex');
    const started = performance.now();
    const t = messagesFor(input.locale);
    let commandName = 'text';
    let outcome = 'ok';
    const release = inFlight.enter();
    if (!release) return [{ text: t.shuttingDown, tone: 'warning' }];
    try {
      const idKey = identityKey(input.identity);
      if (rateLimit) {
        const r = await stores.rateLimit.hit(`cmd:${idKey}`, rateLimit.limit, rateLimit.windowMs);
        if (!r.allowed) {
          outcome = 'rate-limited';
          return [{ text: t.rateLimited(Math.max(1, Math.ceil(r.retryAfterMs / 1000))), tone: 'warning' }];
        }
      }
      const text = input.text.trim();
      if (!text.startsWith('/') || /^\/cancel\b/i.test(text)) {
        const conversation = await handleConversation({
          stores,
          clientFactory: options.clientFactory,
          clock,
          input,
          t,
        });
        if (conversation) {
          commandName = 'link-conversation';
          return conversation;
        }
      }
      const [rawName = '', ...tokens] = tokenize(text.replace(/^\//, ''));
      const name = rawName.toLowerCase();
      commandName = name || 'empty';
      if (!name) return [{ text: t.notACommand }];
      const spec = byName.get(name);
      if (!spec) {
        outcome = 'unknown-command';
        return [
          { text: t.unknownCommand(name.slice(0, 40), suggest(name, [...byName.keys()])), tone: 'error' },
        ];
      }
      commandName = spec.name;
      if (spec.privateOnly && input.chat.kind === 'shared' && !input.inputIsPrivate) {
        outcome = 'private-only';
        return [
          { text: t.privateOnly(spec.name), tone: 'warning', privateRedirect: { startParam: spec.name } },
        ];
      }
      if (spec.sharedOnly && input.chat.kind !== 'shared')
        return [{ text: t.sharedOnly(spec.name), tone: 'warning' }];
      const role = await roleIn(input.identity, input.chat, spec, t);
      if (typeof role !== 'string') {
        outcome = 'refused';
        return [role];
      }
      const parsed = spec.args.safeParse(tokens);
      if (!parsed.success) {
        outcome = 'bad-input';
        const fix = parsed.error.issues[0]?.message ?? 'those arguments are not right';
        return [
          { text: t.badArgs(fix, spec.usage, spec.example), tone: 'error', deleteIncoming: spec.secretArgs },
        ];
      }
      const ctx = makeContext(spec, parsed.data, tokens, input, role);
      try {
        if (spec.needs === 'account') await ctx.account();
        if (spec.needs === 'card') await ctx.card();
        const prompt = spec.confirm ? await spec.confirm(ctx) : undefined;
        if (prompt) {
          const id = await ctx.pending('confirm', spec.name, tokens);
          outcome = 'confirm-asked';
          return placeReplies(
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
          );
        }
        return await placeReplies(await run(spec, ctx), input.identity, input.chat);
      } catch (err) {
        outcome = 'failed';
        return [failure(err, t, spec, tokens, requestId)];
      }
    } catch (err) {
      outcome = 'error';
      return [failure(err, t, undefined, [], requestId)];
    } finally {
      release();
      logLine('command', requestId, input.identity.platform, commandName, started, outcome);
    }
  }

  async function handleAction(input: IncomingAction): Promise<ActionOutcome> {
    const outcome = await handleActionOnce(input);
    const followUps = await withNotices(outcome.followUps ?? [], input);
    return followUps.length ? { ...outcome, followUps } : outcome;
  }

  async function handleActionOnce(input: IncomingAction): Promise<ActionOutcome> {
    const requestId = input.requestId ?? randomBytes(4).toString('hex');
    const started = performance.now();
    const t = messagesFor(input.locale);
    let outcome = 'ok';
    let commandName = 'action';
    const release = inFlight.enter();
    if (!release) return { notice: t.shuttingDown };
    try {
      const [verb, id] = input.actionId.split(':', 2);
      if (!id || !verb || !['c', 'x', 'h'].includes(verb)) {
        outcome = 'bad-action';
        return { notice: t.confirmExpired };
      }
      const idKey = identityKey(input.identity);
      const action = await stores.pending.get(id);
      if (!action || new Date(action.expiresAt).getTime() <= clock().getTime()) {
        outcome = 'expired';
        return { notice: t.confirmExpired, update: { text: t.confirmExpired, tone: 'warning' } };
      }
      const cKey = chatKey(input.identity.platform, input.identity.tenant, input.chat);
      let role: Role = 'holder';
      if (action.owner !== idKey) {
        const support = action.agentChannel === cKey ? (await stores.settings.chat(cKey)).support : undefined;
        const isAgent =
          support !== undefined &&
          (support.agents.includes(input.identity.user) ||
            (support.agentGroup !== undefined && (input.identity.groups ?? []).includes(support.agentGroup)));
        if (!isAgent) {
          outcome = 'not-owner';
          return { notice: t.confirmNotYours };
        }
      }
      if (action.agentChannel) role = 'agent';
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
      const parsed = spec.args.safeParse(tokens);
      if (!parsed.success) return { notice: t.confirmExpired };
      const ctx = makeContext(spec, parsed.data, tokens, { ...input }, role);
      let replies: Reply[];
      try {
        replies = await placeReplies(await run(spec, ctx), input.identity, input.chat);
      } catch (err) {
        outcome = 'failed';
        const reply = failure(err, t, spec, tokens, requestId);
        return { notice: reply.text, update: reply };
      }
      const [first, ...rest] = replies;
      if (first?.deliverPrivately)
        return { notice: t.deliveredPrivately, update: { text: t.working }, followUps: replies };
      return { notice: first?.tone === 'error' ? first.text : undefined, update: first, followUps: rest };
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
    menu(scope) {
      return table
        .filter((s) => !s.hidden && (scope === 'private' ? !s.sharedOnly : !s.privateOnly))
        .map((s) => ({ command: s.name, description: s.summary(messagesFor('en')).slice(0, 256) }));
    },
    handleText,
    handleAction,
    async link(input: LinkInput) {
      const t = messagesFor(input.locale);
      if (input.chat.kind === 'shared' && !input.inputIsPrivate)
        return { text: t.linkTypedInShared, tone: 'error' };
      try {
        return await linkCredentials({ stores, clientFactory: options.clientFactory, clock, t, ...input });
      } catch (err) {
        return failure(err, t, undefined, [], randomBytes(4).toString('hex'));
      }
    },
    async setupSupportChannel(input: SupportSetupInput) {
      const t = messagesFor(input.locale);
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
