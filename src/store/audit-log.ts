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
const OPEN_PREFIX = 'audit-open:';
/** One key per never-retry operation of a platform delivery, no TTL (about 60 bytes each). */
const ONCE_PREFIX = 'audit-once:';

/**
 * The append-only audit log (docs/privacy.md §3.2): one list, appended to and never rewritten. Write-ahead for
 * never-retry operations (docs/reliability.md §3.3, provider-notes §3): an attempt is stored under its own key
 * before the request leaves, and removed once its outcome is appended, so a crash in between
 * leaves it open for the next start to report.
 */
export function createAuditLog(options: AuditLogOptions): AuditLog {
  const { kv } = options;
  const filterWindow = options.filterWindow ?? 1000;
  return {
    async append(entry) {
      if (entry.outcome === 'attempted') {
        if (!entry.id) throw new TypeError('an attempted audit entry needs an id');
        await kv.set(OPEN_PREFIX + entry.id, entry);
        return;
      }
      // The outcome first: a crash between the two leaves a closed attempt still open, which is
      // reported as unknown (honest), never an attempt that silently vanished.
      await kv.append(AUDIT_LIST, entry);
      if (entry.id) await kv.delete(OPEN_PREFIX + entry.id);
    },
    claimOperation: (id) => kv.setIfAbsent(ONCE_PREFIX + id, 1),
    async *openAttempts() {
      for await (const key of kv.keys(OPEN_PREFIX)) {
        const entry = await kv.get<AuditEntry>(key);
        if (entry) yield entry;
      }
    },
    async abandon(entry) {
      if (!entry.id) return false;
      // The delete is the claim: in Redis DEL is atomic, so of two instances only one sees `true`.
      if (!(await kv.delete(OPEN_PREFIX + entry.id))) return false;
      await kv.append(AUDIT_LIST, entry);
      return true;
    },
    async recent(n, filter) {
      if (n <= 0) return [];
      if (filter?.chat === undefined) return kv.tail<AuditEntry>(AUDIT_LIST, n);
      const chat = filter.chat;
      const window = await kv.tail<AuditEntry>(AUDIT_LIST, Math.max(n, filterWindow));
      return window.filter((entry) => entry.chat === chat).slice(-n);
    },
    async *all() {
      yield* kv.readList<AuditEntry>(AUDIT_LIST);
      for await (const key of kv.keys(OPEN_PREFIX)) {
        const entry = await kv.get<AuditEntry>(key);
        if (entry) yield entry;
      }
    },
  };
}
