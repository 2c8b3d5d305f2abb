import type { ChannelMemory } from '../ports/channel-memory.js';

/**
 * "The platform refused this here, do not ask again for a while" (docs/channels.md §2.4): Slack's
 * chart block in a workspace, Teams' targeted messages in a conversation. One rule for every such
 * memory: kept in the channel's memory (the bot's store, so a second instance sees it, after a
 * restart too) under `<what>:<where>`, and forgotten after `forMs`, so a place that gains the surface
 * (platforms roll them out) gets it again. The instant it ends is kept beside it and read against the
 * clock given, so the lifetime holds in a store that drops expired keys late or not at all.
 */
export class RefusalMemory {
  constructor(
    private readonly memory: ChannelMemory,
    private readonly what: string,
    readonly forMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the platform refused it at `where` within the lifetime. */
  async refused(where: string): Promise<boolean> {
    const until = Number(await this.memory.recall(this.#key(where)));
    return Number.isFinite(until) && until > this.now();
  }

  /** The platform refused it at `where` now: not tried there again for `forMs`. */
  async remember(where: string): Promise<void> {
    await this.memory.remember(this.#key(where), String(this.now() + this.forMs), this.forMs);
  }

  #key(where: string): string {
    return `${this.what}:${where}`;
  }
}

/** A channel memory in this process only (a test, a channel without a store): lost on restart. */
export function inMemoryChannelMemory(now: () => number = Date.now): ChannelMemory {
  const values = new Map<string, { value: string; until: number }>();
  return {
    recall: async (key) => {
      const kept = values.get(key);
      if (kept && kept.until <= now()) values.delete(key);
      return kept && kept.until > now() ? kept.value : undefined;
    },
    remember: async (key, value, ttlMs) => {
      values.set(key, { value, until: ttlMs === undefined ? Number.POSITIVE_INFINITY : now() + ttlMs });
    },
  };
}
