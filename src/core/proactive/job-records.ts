import type { ApprovalRequest, CardCap, SpendLimit } from '../ports/guard.js';
import type {
  AlertSubscription,
  CallReport,
  DigestSubscription,
  ExpiringConfirmation,
  JobFields,
  JobRecords,
  ProactiveStores,
  RecordStore,
  Revised,
} from '../ports/proactive.js';
import type { Stores } from '../ports/stores.js';

/**
 * The fields each job owns on a record a person edits (docs/reliability.md §8): the only ones its
 * writes carry. Everything else on the record is the person's, and only a command writes it.
 */
const OWN = {
  alerts: ['armed', 'generation', 'lastAlertAt', 'paused'],
  callReports: ['checks', 'nextCheckAt'],
  digests: ['lastWeek', 'paused'],
  limits: ['alerted', 'paused'],
  cardCaps: ['spent', 'lastAmount', 'blockedAt', 'paused'],
  approvals: ['status'],
  // The expiry job only reads and retires a confirmation (confirm-expiry.ts).
  confirmations: [],
} as const satisfies Record<string, readonly string[]>;

type Own<K extends keyof typeof OWN> = (typeof OWN)[K][number];

/**
 * The stores as a job sees them: the records people edit only through {@link JobRecords} (no
 * `put`, no `update`, no `delete`), each limited to the fields its job owns; the rest as they are.
 */
export interface JobStores extends Omit<Stores, 'proactive' | 'guard'> {
  proactive: Omit<ProactiveStores, 'alerts' | 'callReports' | 'digests' | 'confirmations'> & {
    alerts: JobRecords<AlertSubscription, Own<'alerts'>>;
    callReports: JobRecords<CallReport, Own<'callReports'>>;
    digests: JobRecords<DigestSubscription, Own<'digests'>>;
    confirmations: JobRecords<ExpiringConfirmation, Own<'confirmations'>>;
  };
  guard: {
    limits: JobRecords<SpendLimit, Own<'limits'>>;
    cardCaps: JobRecords<CardCap, Own<'cardCaps'>>;
    approvals: JobRecords<ApprovalRequest, Own<'approvals'>>;
  };
}

/** A job's view of one store: its writes carry its own fields and nothing else, whatever it passes. */
function ownedBy<T extends Revised, K extends keyof T>(
  store: RecordStore<T>,
  own: readonly K[],
): JobRecords<T, K> {
  return {
    get: (id) => store.get(id),
    list: () => store.list(),
    settle(seen, fields, o) {
      const mine: JobFields<T, K> = {};
      for (const k of own) if (k in fields) mine[k] = fields[k];
      return store.settle(seen, mine as JobFields<T, keyof T>, o);
    },
    retire: (seen) => store.retire({ id: seen.id, rev: seen.rev }),
  };
}

/** The job view of the stores, built once per proactive context. */
export function jobStores(stores: Stores): JobStores {
  const { proactive, guard } = stores;
  // Everything else is read through to the stores themselves (their methods keep their `this`).
  const view: JobStores = Object.create(stores);
  return Object.assign(view, {
    proactive: {
      ...proactive,
      alerts: ownedBy(proactive.alerts, OWN.alerts),
      callReports: ownedBy(proactive.callReports, OWN.callReports),
      digests: ownedBy(proactive.digests, OWN.digests),
      confirmations: ownedBy(proactive.confirmations, OWN.confirmations),
    },
    guard: {
      limits: ownedBy(guard.limits, OWN.limits),
      cardCaps: ownedBy(guard.cardCaps, OWN.cardCaps),
      approvals: ownedBy(guard.approvals, OWN.approvals),
    },
  });
}
