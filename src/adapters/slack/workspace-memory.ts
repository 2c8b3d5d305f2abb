/**
 * What the Slack channel remembers of a workspace across restarts (a surface Slack refused there,
 * docs/channels.md §2.3): a small key-value port the composition root backs with the bot's store.
 * The default keeps it in memory only.
 */
export interface WorkspaceMemory {
  recall(key: string): Promise<string | undefined>;
  remember(key: string, value: string): Promise<void>;
}

export function memoryWorkspaceMemory(): WorkspaceMemory {
  const values = new Map<string, string>();
  return {
    recall: async (key) => values.get(key),
    remember: async (key, value) => {
      values.set(key, value);
    },
  };
}
