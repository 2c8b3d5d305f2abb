import { randomBytes } from 'node:crypto';
import { accountClientFor, cardClientFor } from '../accounts/credentials-access.js';
import { isTicketed, type Ticket, ticketFor } from '../buttons.js';
import type { CommandContext, CommandSpec } from '../command-spec.js';
import { capabilitiesOf } from '../delivery/capabilities.js';
import type { Role } from '../identity.js';
import { type ChatRef, chatKey, type Identity, identityKey } from '../identity.js';
import type { ChannelCapabilities } from '../ports/channel.js';
import type { ProgressView } from '../ports/progress.js';
import type { AuditEntry, ChatSettings, EncodedArgs, PendingAction } from '../ports/records.js';
import { throttledProgress } from '../progress/throttle.js';
import type { UserLocale } from '../values/user-locale.js';
import type { Engine } from './engine.js';
import { encodeArgs } from './pending-args.js';

export interface ContextInput {
  identity: Identity;
  chat: ChatRef;
  locale?: string | undefined;
  inputIsPrivate?: boolean;
  /** What the channel can do (capabilities.ts). */
  can?: ChannelCapabilities;
  deliveryId?: string;
  /** Where a long job shows its progress (ports/progress.ts). */
  progress?: ProgressView | undefined;
  settings: ChatSettings;
  /** Collects the audit entries written, for the support channel's thread. */
  audited: AuditEntry[];
  /** The user's language, catalogue and formatter. */
  loc: UserLocale;
}

/**
 * The one context a handler sees (docs/architecture.md §7, after grammY's `Context`). Credentials are read and a
 * client built at most once per command (`account()` and `card()` are memoised).
 */
export function makeContext(
  e: Engine,
  args: unknown,
  tokens: readonly string[],
  input: ContextInput,
  role: Role,
  commandsHere: () => Promise<CommandSpec[]>,
): CommandContext<unknown> {
  const idKey = identityKey(input.identity);
  const cKey = chatKey(input.identity.platform, input.identity.tenant, input.chat);
  // Agents act with the support channel's credentials (docs/privacy.md §3.1).
  const owner = role === 'agent' ? cKey : idKey;
  const now = e.clock();
  return {
    args,
    tokens,
    identity: input.identity,
    identityKey: idKey,
    chat: input.chat,
    chatKey: cKey,
    role,
    t: input.loc.t,
    language: input.loc.language,
    fmt: input.loc.fmt,
    now,
    clock: e.clock,
    async editMessage(message, reply) {
      await e.outbox?.()?.edit(message, reply);
    },
    stores: e.stores,
    labels: e.labels,
    inputIsPrivate: input.inputIsPrivate ?? false,
    can: capabilitiesOf(input),
    ...(input.deliveryId === undefined ? {} : { deliveryId: input.deliveryId }),
    progress: throttledProgress(input.progress, {
      platform: input.identity.platform,
      language: input.loc.language,
      clock: e.clock,
      logger: e.logger,
      metrics: e.metrics,
    }),
    account: once(() => accountClientFor(e.stores, e.clientFactory, owner)),
    card: once(() => cardClientFor(e.stores, e.clientFactory, owner)),
    audit: (entry) => recordAudit(e, input, { actor: idKey, chat: cKey, role }, entry),
    pending: (kind, command, pendingArgs, extra) =>
      createPending(e, kind, command, pendingArgs, { ...input, role }, extra),
    commandsHere,
  };
}

/** Made at the first call, then the same (a client is built at most once per command). */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/**
 * Appends an audit record of this command. An `attempted` record is known while it waits on the
 * provider, so a shutdown that gives up on it can tell its user.
 */
async function recordAudit(
  e: Engine,
  input: ContextInput,
  who: { actor: string; chat: string; role: Role },
  entry: Parameters<CommandContext<unknown>['audit']>[0],
): Promise<void> {
  const full: AuditEntry = {
    at: e.clock().toISOString(),
    actor: who.actor,
    actorName: input.identity.displayName,
    chat: who.chat,
    role: who.role,
    ...entry,
  };
  if (full.id && full.outcome !== 'attempted') e.attempts.delete(full.id);
  await e.stores.audit.append(full);
  input.audited.push(full);
  if (full.id && full.outcome === 'attempted') e.attempts.set(full.id, full);
}

/**
 * Stores a single-use pending action for a button. A confirmation or hang-up button's id names its
 * owner and expiry (`<id>:<owner tag>:<expiry>`), so the owner check needs no store read; a page or
 * prompt button is navigation and carries the bare id.
 */
export async function createPending(
  e: Engine,
  kind: PendingAction['kind'],
  command: string,
  args: string[],
  input: { identity: Identity; chat: ChatRef; role: Role },
  extra: { fromMenu?: boolean | undefined; typedArgs?: EncodedArgs; typed?: unknown } = {},
): Promise<Ticket> {
  const typedArgs = extra.typedArgs ?? (extra.typed === undefined ? undefined : encodeArgs(extra.typed));
  const idKey = identityKey(input.identity);
  const cKey = chatKey(input.identity.platform, input.identity.tenant, input.chat);
  const owner = input.role === 'agent' ? cKey : idKey;
  const id = randomBytes(6).toString('base64url');
  const now = e.clock();
  const ttl = (isTicketed(kind) ? e.byName.get(command)?.pendingTtlMs : undefined) ?? e.confirmTtlMs;
  const action: PendingAction = {
    id,
    kind,
    command,
    args,
    owner: idKey,
    agentChannel: input.role === 'agent' ? cKey : undefined,
    chatId: input.chat.id,
    ...(extra.fromMenu ? { fromMenu: true } : {}),
    ...(typedArgs === undefined ? {} : { typedArgs }),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + ttl).toISOString(),
  };
  await e.stores.pending.put(action);
  // A confirmation's or a held command's button carries the ticket; a page or prompt button its id.
  return ticketFor(action, owner);
}
