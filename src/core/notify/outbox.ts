import type { RefsFor } from '../delivery/command-refs.js';
import { sharedChatMayShow } from '../delivery/delivery.js';
import type { Platform } from '../identity.js';
import type { CoreLogger } from '../logs/logger.js';
import type { Channel } from '../ports/channel.js';
import type { Subscriber } from '../ports/proactive.js';
import type { SettingsStore } from '../ports/stores.js';
import type { Reply } from '../reply.js';
import { type NotifyDestination, NotifyRefusedError, type SentMessage } from './notifier.js';

/** What became of a message the core sent first. */
export type SendOutcome =
  | { status: 'sent'; message: SentMessage }
  /** The platform refused for good: pause the subscription, do not retry (issue 15). */
  | { status: 'refused'; reason: string }
  /** No channel of that platform runs here, or a passing failure: try again at the next run. */
  | { status: 'failed'; reason: string };

export interface OutboxOptions {
  settings: SettingsStore;
  logger: CoreLogger;
  /** Names commands as each platform's users type them (`/tel alert` in Slack). Default: as written. */
  refsFor?: RefsFor;
}

/**
 * What the core sends first (alerts, call reports, digests) leaves through the same channel
 * primitives as replies to commands (ports/channel.ts): picks the channel by platform and applies
 * the delivery rule (delivery.ts `sharedChatMayShow`) before anything leaves.
 */
export class Outbox {
  readonly #notifiers = new Map<string, Channel>();
  readonly #o: OutboxOptions;

  constructor(options: OutboxOptions) {
    this.#o = options;
  }

  /** Adapters register their channel once it runs. */
  attach(notifier: Channel): void {
    this.#notifiers.set(notifier.platform, notifier);
  }

  detach(platform: string): void {
    this.#notifiers.delete(platform);
  }

  /** Whether a personal reply may be shown at `to` (a private chat always; a shared chat if allowed). */
  async mayShow(to: NotifyDestination, reply: Pick<Reply, 'visibility'>): Promise<boolean> {
    if (to.kind === 'user') return true;
    const chat = await this.#o.settings.chat(`${to.platform}:${to.tenant}:${to.chatId}`);
    return sharedChatMayShow(reply.visibility ?? 'public', chat);
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
    if (await this.mayShow(to, reply)) return this.send(to, reply);
    const privately = await this.send({ ...setBy, kind: 'user' }, reply);
    // With a public version the chat is the destination: its outcome pauses or retries the subscription.
    return publicVersion ? this.send(to, publicVersion) : privately;
  }

  async send(to: NotifyDestination, reply: Reply): Promise<SendOutcome> {
    const notifier = this.#notifiers.get(to.platform);
    if (!notifier) return { status: 'failed', reason: `no ${to.platform} channel runs here` };
    return this.#attempt(to.platform, async () => {
      const sent = await notifier.open(to).post(this.#refs(to.platform, reply));
      // Every platform says where a post landed; without it the message cannot be edited later.
      if (!sent) throw new NotifyRefusedError('no message');
      return sent;
    });
  }

  async edit(message: SentMessage, reply: Reply): Promise<SendOutcome> {
    const notifier = this.#notifiers.get(message.platform);
    if (!notifier) return { status: 'failed', reason: `no ${message.platform} channel runs here` };
    return this.#attempt(message.platform, async () => {
      await notifier.edit(message, this.#refs(message.platform, reply));
      return message;
    });
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
      const reason = (err as { code?: string; name?: string }).code ?? (err as Error).name ?? 'error';
      this.#o.logger.warn({ platform, reason }, 'notify: send failed; retrying at the next run');
      return { status: 'failed', reason: String(reason) };
    }
  }
}
