import { randomUUID } from 'node:crypto';
import {
  type ChannelLogger,
  type ChatRef,
  type CommandRef,
  type Core,
  type DedupeStore,
  type Door,
  type Enriched,
  type Identity,
  messagesFor,
  type PlacedOutcome,
  type PlacedReply,
  type TrackedMessage,
} from '../../core/index.js';
import { MCP_CAN } from './capabilities.js';
import { mcpConversation } from './conversation.js';

/**
 * The MCP channel at the core's door (docs/mcp.md §1.1, docs/architecture.md §3.1): a tool call
 * runs its command by name with its values, and a consent answer or a page turn presses a button,
 * each as an arrival the core claims, decides and words; the channel only shows the decision.
 */
export interface DoorCalls {
  /** A tool call, claimed once per JSON-RPC request of this session: a re-sent request runs once. */
  run(
    command: CommandRef,
    args: readonly string[],
    request: McpRequest,
    where?: SupportChannel,
  ): Promise<Answered>;
  /** A press in the tool call's own place: the support channel it ran in, else the person's conversation. */
  press(actionId: string, where?: SupportChannel): Promise<PlacedOutcome>;
  /** Where a reply the core marked for tracking landed (a held request), so its decision can edit it. */
  sent(tracked: TrackedMessage): Promise<void>;
  /** The person's active account's username now, to bind a PIN page to it (docs/mcp.md §4.5). */
  activeAccount(): Promise<string | undefined>;
}

/** A support channel the person named (docs/mcp.md §4.4): its chat id on the person's platform. */
export interface SupportChannel {
  readonly chatId: string;
}

/** The JSON-RPC request a tool call came in: its id, and the transport's session when it has one. */
export interface McpRequest {
  readonly requestId: string | number;
  readonly sessionId?: string | undefined;
}

/** The core's decision, or a line it told instead (the store cannot be reached, a re-sent request). */
export type Answered = { readonly decided: PlacedOutcome } | { readonly told: string };

export interface DoorCallsOptions {
  core: Core;
  identity: Identity;
  /** The user's language from the platform or `LANG`; `/language` wins over it. */
  locale?: string | undefined;
  logger?: ChannelLogger | undefined;
}

export function doorCalls({ core, identity, locale, logger }: DoorCallsOptions): DoorCalls {
  // The assistant's own conversation with this person: private, like a direct message.
  const chat: ChatRef = { id: `mcp:${identity.user}`, kind: 'private' };
  const mine = { identity, chat, can: MCP_CAN, ...(locale ? { locale } : {}) };
  // Named, not written in: the core lets only the channel's agents act there (roles.ts).
  const who = (where?: SupportChannel) =>
    where ? { ...mine, chat: { id: where.chatId, kind: 'shared' as const, named: true } } : mine;
  const log = logger ?? silent;
  // A transport's session may reach another replica again (Streamable HTTP): claimed in the core's
  // shared store. A connection without one (stdio) is this process's alone, and so are its request
  // ids: claimed here, in memory, without a store write per call (docs/mcp.md §6).
  const sessionDoor = core.register({ name: 'mcp', logger: log });
  const connectionDoor = core.register({ name: 'mcp', logger: log, dedupe: connectionClaims() });
  // Request ids start again at each connection (stdio has no session id), so a connection's own
  // id keeps a new session's first call from being taken for the last one's.
  const connection = randomUUID();
  const through = (envelope: Envelope, request: Enriched, door = connectionDoor): Promise<Answered> =>
    throughDoor(door, { platform: identity.platform, locale }, envelope, request);
  return {
    run: (command, args, { requestId, sessionId }, where) => {
      // The same on a re-sent request: claimed once, and the key of a never-retry operation it starts.
      const deliveryId = `mcp:${sessionId ?? connection}:${requestId}`;
      return through(
        { deliveryId, log: { request: requestId, command } },
        {
          command: { ...who(where), command, args, inputIsPrivate: true, requestId: deliveryId, deliveryId },
        },
        sessionId === undefined ? connectionDoor : sessionDoor,
      );
    },
    // The press belongs to a tool call already claimed; the pending action is spent once (single use).
    press: async (actionId, where) => {
      const answered = await through({ press: true }, { action: { ...who(where), actionId } });
      return 'decided' in answered ? answered.decided : { notice: answered.told };
    },
    sent: (tracked) => core.messageSent(tracked),
    activeAccount: async () => (await core.linkedAccounts(identity)).find((a) => a.active)?.username,
  };
}

type Envelope = { deliveryId?: string; press?: boolean; log?: Record<string, unknown> };

/** One arrival through the door; the decision, or what the door told instead, comes back. */
async function throughDoor(
  door: Door,
  { platform, locale }: { platform: string; locale?: string | undefined },
  envelope: Envelope,
  request: Enriched,
): Promise<Answered> {
  let decided: PlacedOutcome | undefined;
  const told: string[] = [];
  const posted: PlacedReply[] = [];
  const received = await door.receive({
    ...envelope,
    ...(locale ? { locale } : {}),
    conversation: mcpConversation(platform, (reply) =>
      // Placed for this person; a reply that does not say is not taken for public (privacy fails closed).
      posted.push({ ...reply, audience: 'actor', visibility: reply.visibility ?? 'secret' }),
    ),
    notice: async (text) => {
      told.push(text);
    },
    enrich: async () => request,
    // The whole decision becomes the tool's result: nothing is left to deliver.
    show: async (decision) => {
      decided = decision;
      return {};
    },
  });
  if (decided || posted.length)
    return { decided: { ...decided, followUps: [...(decided?.followUps ?? []), ...posted] } };
  if (received === 'duplicate') told.push(messagesFor(locale).assistant.alreadyReceived);
  return { told: told.join('\n\n') };
}

/**
 * Claims of one connection's request ids, in this process: nothing else can send them. An entry
 * lasts an hour (a client re-sends only while an answer is missing); expired ones are dropped as
 * new ones come, so a long session holds at most an hour of ids.
 */
function connectionClaims(): DedupeStore {
  const claimed = new Map<string, number>();
  return {
    async claim(key, ttlMs) {
      const now = Date.now();
      if ((claimed.get(key) ?? 0) > now) return false;
      if (claimed.size >= 1_000) for (const [k, until] of claimed) if (until <= now) claimed.delete(k);
      claimed.set(key, now + Math.min(ttlMs, 3_600_000));
      return true;
    },
  };
}

/** The server logs through its own logger when given one (stderr over stdio), else nothing. */
const silent: ChannelLogger = { info() {}, warn() {}, error() {} };
