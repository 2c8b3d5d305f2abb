/**
 * What a channel remembers across restarts and instances (a surface the platform refused somewhere,
 * an agent view's choice; docs/channels.md §2.4): a small key-value port the composition root backs
 * with the bot's store, so every instance on that store shares it. `ttlMs` bounds how long a value
 * is kept; omitted, until overwritten.
 */
export interface ChannelMemory {
  recall(key: string): Promise<string | undefined>;
  remember(key: string, value: string, ttlMs?: number): Promise<void>;
}
