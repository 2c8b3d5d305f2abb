import type { ChannelCapabilities } from '../../core/index.js';
import { teamsCan } from './capabilities.js';

/**
 * Whether personal answers in a shared conversation go as targeted messages (docs/teams.md §3.1),
 * a public preview an organisation may not have: `off` never (the personal chat instead), `on`
 * always, `auto` until Teams refuses one in a conversation, then not there again in this process
 * (the core's road out already took the personal chat for the refused one). It also remembers which
 * messages were targeted, so a press on one is known to be the presser's alone.
 */
export class Targeting {
  readonly #refused = new Set<string>();
  readonly #sent = new Set<string>();
  readonly #on: ChannelCapabilities;
  readonly #off: ChannelCapabilities;

  constructor(private readonly mode: 'auto' | 'on' | 'off') {
    this.#on = teamsCan(mode !== 'off');
    this.#off = teamsCan(false);
  }

  can(conversationId: string): ChannelCapabilities {
    return this.mode === 'auto' && this.#refused.has(conversationId) ? this.#off : this.#on;
  }

  refused(conversationId: string): void {
    if (this.mode === 'auto') this.#refused.add(conversationId);
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
