import type { Platform } from '../identity.js';
import type { CoreLogger } from '../logs/logger.js';
import { en } from '../messages.js';
import type { Channel, Conversation } from '../ports/channel.js';
import {
  type NotifyDestination,
  NotifyRefusedError,
  SendFailedError,
  type SentMessage,
} from '../ports/notify.js';
import type { Subscriber } from '../ports/proactive.js';
import type { SettingsStore } from '../ports/stores.js';
import type { PlacedReply, Reply } from '../reply.js';
import type { RefsFor } from './command-refs.js';
import { place } from './delivery.js';
import { DeliveryExecutor } from './delivery-executor.js';
import { failed, inForms, maySendAgain } from './send-forms.js';

/** What became of a message the core sent first. */
export type SendOutcome =
  | { status: 'sent'; message: SentMessage }
  /** The platform refused for good: pause the subscription, do not retry (docs/proactive.md §4.2). */
  | { status: 'refused'; reason: string }
  /** No channel of that platform runs here, or a passing failure: try again at the next run. */
  | { status: 'failed'; reason: string }
  /**
   * No answer (a 5xx, a lost connection): it may have been posted, so it is never sent again, by
   * no schedule (`maySendAgain`, docs/reliability.md §2.4). Counted as sent by the jobs.
   */
  | { status: 'unknown'; reason: string };

export interface OutboxOptions {
  settings: SettingsStore;
  logger: CoreLogger;
  /** Names commands as each platform's users type them (`/tel alert` in Slack). Default: as written. */
  refsFor?: RefsFor;
}

/**
 * What the core sends first (alerts, call reports, digests, an approval's result) takes the road of
 * replies to commands (docs/architecture.md §8.3.3): the destination's conversation opened on the
 * platform's channel, each reply placed by the one delivery rule (delivery.ts `place`) as if the
 * subscriber had asked there, and carried out by the one executor (delivery-executor.ts). A
 * personal reply kept out of a shared chat goes to the subscriber's private conversation.
 */
export class Outbox {
  readonly #channels = new Map<string, Channel>();
  readonly #o: OutboxOptions;
  readonly #executor: DeliveryExecutor;

  constructor(options: OutboxOptions) {
    this.#o = options;
    this.#executor = new DeliveryExecutor({ logger: options.logger });
  }

  /** Adapters register their channel once it runs. */
  attach(channel: Channel): void {
    this.#channels.set(channel.platform, channel);
  }

  detach(platform: string): void {
    this.#channels.delete(platform);
  }

  /** Whether a channel of `platform` runs here (an assistant over MCP has none to edit through). */
  runs(platform: string): boolean {
    return this.#channels.has(platform);
  }

  /** Whether a reply may be shown at `to` as it is (a private chat always; a shared chat if the rule allows). */
  async mayShow(to: NotifyDestination, reply: Reply): Promise<boolean> {
    return (await this.#place(to, reply)).audience === 'chat';
  }

  /**
   * Sends `reply` to `to`. When the rule keeps it out of that shared chat, the full reply goes to
   * the subscriber's private chat, and the chat gets `publicVersion` (no personal data) if given.
   */
  async deliver(
    to: NotifyDestination,
    setBy: Subscriber,
    reply: Reply,
    publicVersion?: Reply,
  ): Promise<SendOutcome> {
    const first = await this.#send(to, setBy, reply);
    // With a public version the chat is the destination: its outcome pauses or retries the subscription.
    return first.where === 'private' && publicVersion ? this.send(to, publicVersion) : first.outcome;
  }

  /** Sends `reply` to `to`: a person's private conversation, or a shared chat that may show it. */
  async send(to: NotifyDestination, reply: Reply): Promise<SendOutcome> {
    const person =
      to.kind === 'user' ? { platform: to.platform, tenant: to.tenant, user: to.user } : undefined;
    return (await this.#send(to, person, reply)).outcome;
  }

  async edit(message: SentMessage, reply: Reply): Promise<SendOutcome> {
    const channel = this.#channels.get(message.platform);
    if (!channel) return { status: 'failed', reason: `no ${message.platform} channel runs here` };
    const edited = this.#refs(message.platform, reply);
    return this.#attempt(message.platform, async () => {
      // In the order of forms, as every send of the road out (send-forms.ts).
      const what = { platform: message.platform, primitive: 'edit' as const, reply: edited };
      const tried = await inForms(this.#o, what, (form) => channel.edit(message, edited, form));
      if (failed(tried)) throw new SendFailedError(tried.failed, 'every form');
      return message;
    });
  }

  async #send(
    to: NotifyDestination,
    setBy: Subscriber | undefined,
    reply: Reply,
  ): Promise<{ outcome: SendOutcome; where?: 'chat' | 'private' }> {
    const channel = this.#channels.get(to.platform);
    if (!channel) return { outcome: { status: 'failed', reason: `no ${to.platform} channel runs here` } };
    let where: 'chat' | 'private' | undefined;
    const outcome = await this.#attempt(to.platform, async () => {
      const placed = await this.#place(to, this.#refs(to.platform, reply));
      const landed = await this.#executor.first(firstConversation(channel, to, setBy), placed);
      where = landed.where === 'private' ? 'private' : 'chat';
      if (landed.sent === 'unreachable')
        throw new NotifyRefusedError('personal data kept out of a shared chat');
      // Every platform says where a post landed; without it the message cannot be edited later.
      if (!landed.sent) throw new NotifyRefusedError('no message');
      return landed.sent;
    });
    return { outcome, ...(where ? { where } : {}) };
  }

  /** The one delivery rule, for a message nobody typed: only the reply's own visibility counts. */
  async #place(to: NotifyDestination, reply: Reply): Promise<PlacedReply> {
    const shared = to.kind === 'chat';
    const settings = shared ? await this.#o.settings.chat(`${to.platform}:${to.tenant}:${to.chatId}`) : {};
    const chat = {
      id: shared ? to.chatId : to.user,
      kind: shared ? ('shared' as const) : ('private' as const),
    };
    const facts = { chat, settings, inputSeen: false, output: 'public' as const, secretInput: false };
    const [placed] = place([reply], { ...facts, actor: '', audited: [], t: en });
    return placed!;
  }

  #refs(platform: Platform, reply: Reply): Reply {
    return this.#o.refsFor ? this.#o.refsFor(platform)(reply) : reply;
  }

  async #attempt(platform: string, run: () => Promise<SentMessage>): Promise<SendOutcome> {
    try {
      return { status: 'sent', message: await run() };
    } catch (err) {
      if (err instanceof NotifyRefusedError) {
        this.#o.logger.warn({ platform, reason: err.reason }, 'notify: the platform refused; pausing');
        return { status: 'refused', reason: err.reason };
      }
      if (err instanceof SendFailedError && !maySendAgain(err.report)) {
        this.#o.logger.warn({ platform, reason: err.reason }, 'notify: no answer; not sent again');
        return { status: 'unknown', reason: err.reason };
      }
      const reason = (err as { code?: string; name?: string }).code ?? (err as Error).name ?? 'error';
      this.#o.logger.warn({ platform, reason }, 'notify: send failed; retrying at the next run');
      return { status: 'failed', reason: String(reason) };
    }
  }
}

/**
 * The conversation of a message the core sends first: posts at the destination, and privately in
 * the subscriber's own conversation. Nobody acted, so nothing is shown to one person alone (they
 * may not be looking at that chat) and nothing was pressed or typed to edit or delete.
 */
function firstConversation(
  channel: Channel,
  to: NotifyDestination,
  setBy: Subscriber | undefined,
): Conversation {
  const here = channel.open(to);
  const nothing = async () => false;
  return {
    platform: channel.platform,
    can: { ...channel.can, showToOne: false },
    kind: to.kind === 'user' ? 'private' : 'shared',
    post: (reply, form) => here.post(reply, form),
    postPrivately: async (reply, form) =>
      setBy ? channel.open({ ...setBy, kind: 'user' }).post(reply, form) : 'unreachable',
    showToActor: nothing,
    editPressed: nothing,
    deleteIncoming: nothing,
    upload: async () => {
      throw new Error('a message sent first carries its file itself');
    },
  };
}
