import type {
  ApprovalPolicy,
  ApprovalRequest,
  CardCap,
  GuardStores,
  SpendLimit,
} from '../core/ports/guard.js';
import type { KeyValueStore } from './key-value-store.js';
import { recordStore } from './proactive-store.js';

/**
 * Spend limits, card caps, approval policies and requests on the one KeyValueStore (docs/money-guard.md §1, §2), so they survive restarts and every instance on one Redis sees the same. "Exactly once"
 * for an approval is the proactive claim store's `SET NX`, not these records.
 */
export function createGuardStores(options: { kv: KeyValueStore }): GuardStores {
  const { kv } = options;
  return {
    limits: recordStore<SpendLimit>(kv, 'guard:limit:'),
    cardCaps: recordStore<CardCap>(kv, 'guard:cardcap:'),
    policies: recordStore<ApprovalPolicy>(kv, 'guard:policy:'),
    approvals: recordStore<ApprovalRequest>(kv, 'guard:approval:'),
  };
}
