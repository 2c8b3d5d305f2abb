/**
 * What the Slack channel remembers across restarts (a surface Slack refused in a workspace, an
 * agent view's choice; docs/channels.md §2.3): a small key-value port the composition root backs
 * with the bot's store. `ttlMs` bounds how long a value is kept. The default keeps it in memory only.
 */
export interface WorkspaceMemory {
  recall(key: string): Promise<string | undefined>;
  remember(key: string, value: string, ttlMs?: number): Promise<void>;
}

export function memoryWorkspaceMemory(now: () => number = Date.now): WorkspaceMemory {
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
