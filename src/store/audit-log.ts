import type { KeyValueStore } from './key-value-store.js';
import type { AuditEntry } from './records.js';
import type { AuditLog } from './stores.js';

/** Options of {@link createAuditLog}. */
export interface AuditLogOptions {
  kv: KeyValueStore;
  /** How many of the newest entries a chat filter looks through. Default 1000 (see AuditLog.recent). */
  filterWindow?: number;
}

export const AUDIT_LIST = 'audit';

/** The append-only audit log of issue 4: one list, appended to and never rewritten. */
export function createAuditLog(options: AuditLogOptions): AuditLog {
  const { kv } = options;
  const filterWindow = options.filterWindow ?? 1000;
  return {
    async append(entry) {
      await kv.append(AUDIT_LIST, entry);
    },
    async recent(n, filter) {
      if (n <= 0) return [];
      if (filter?.chat === undefined) return kv.tail<AuditEntry>(AUDIT_LIST, n);
      const chat = filter.chat;
      const window = await kv.tail<AuditEntry>(AUDIT_LIST, Math.max(n, filterWindow));
      return window.filter((entry) => entry.chat === chat).slice(-n);
    },
    all() {
      return kv.readList<AuditEntry>(AUDIT_LIST);
    },
  };
}
