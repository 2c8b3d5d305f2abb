import {
  type ChannelCapabilities,
  type ChannelMemory,
  inMemoryChannelMemory,
  RefusalMemory,
} from '../../core/index.js';
import { teamsCan } from './capabilities.js';

/** How long a conversation's refusal of targeted messages is remembered (docs/teams.md §3.1). */
export const TARGETED_REFUSED_FOR_MS = 7 * 24 * 3600_000;

/**
 * Whether personal answers in a shared conversation go as targeted messages (docs/teams.md §3.1),
 * a public preview an organisation may not have: `off` never (the personal chat instead), `on`
 * always, `auto` until Teams refuses one in a conversation, then not there again for a week, on
 * any instance sharing the store (the core's `RefusalMemory`, docs/channels.md §2.4; the core's road
 * out already took the personal chat for the refused one). It also remembers which messages were
 * targeted, so a press on one is known to be the presser's alone.
 */
export class Targeting {
  readonly #refusals: RefusalMemory;
  readonly #sent = new Set<string>();
  readonly #on: ChannelCapabilities;
  readonly #off: ChannelCapabilities;

  constructor(
    private readonly mode: 'auto' | 'on' | 'off',
    memory: ChannelMemory = inMemoryChannelMemory(),
  ) {
    this.#refusals = new RefusalMemory(memory, 'teams:targeted-refused', TARGETED_REFUSED_FOR_MS);
    this.#on = teamsCan(mode !== 'off');
    this.#off = teamsCan(false);
  }

  /** What the channel can do where no conversation refused anything (the bot speaking first). */
  get everywhere(): ChannelCapabilities {
    return this.#on;
  }

  /** What the channel can do in this conversation. */
  async can(conversationId: string): Promise<ChannelCapabilities> {
    return this.mode === 'auto' && (await this.#refusals.refused(conversationId)) ? this.#off : this.#on;
  }

  /** Teams refused a targeted message here. A memory the store could not keep is tried again, never thrown. */
  async refused(conversationId: string): Promise<void> {
    if (this.mode === 'auto') await this.#refusals.remember(conversationId).catch(() => undefined);
  }

  sent(messageId: string): void {
    this.#sent.add(messageId);
    // Teams keeps a targeted message 24 hours; the set stays small by forgetting the oldest.
    if (this.#sent.size > 10_000) this.#sent.delete(this.#sent.values().next().value as string);
  }

  wasTargeted(messageId: string): boolean {
    return this.#sent.has(messageId);
  }
}
