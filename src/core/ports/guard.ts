import type { Money } from '../../telephony/money.js';
import type { Platform, Role } from '../identity.js';
import type { SentMessage } from './notify.js';
import type { RecordStore, SubscriptionBase } from './proactive.js';

/**
 * `/limit` (docs/money-guard.md §1, §2): spend limits and a per-minute price ceiling of one linked
 * account, owned like an alert (a holder's own account, or a support channel's team account).
 */
export interface SpendLimit extends SubscriptionBase {
  daily?: Money;
  monthly?: Money;
  /** Per-minute price ceiling of calls the bot starts (`/limit price 0.10`). */
  price?: Money;
  /** The IANA zone days and months are counted in: the zone of whoever set the limit. */
  timeZone: string;
  /**
   * The highest level (50, 80, 100) already alerted per period (`day:2026-11-24`,
   * `month:2026-11`): once per crossing; a new period starts at nothing, so alerts re-arm.
   */
  alerted: Record<string, number>;
}

/** `/card limit <number> <amount>`: a prepaid card's spend watched from its amount over time. */
export interface CardCap extends SubscriptionBase {
  /** The card's number, E.164 digits. */
  cli: string;
  cap: Money;
  /** What the card spent since the cap was set: the sum of every fall of its amount. */
  spent: Money;
  /** The amount at the last look; a rise (a reload) is not spend. */
  lastAmount: Money;
  since: string;
  /** Set once the cap blocked the card; unblocking (confirmed) clears it. */
  blockedAt?: string;
}

/** What a second person may have to approve in a team chat (`/approvals on card block`). */
export type ApprovalAction =
  | 'card create'
  | 'card block'
  | 'card unblock'
  | 'card disable'
  | 'card renumber'
  | 'call'
  | 'topup';

/** A team chat's four-eyes policy; its id is the chat key. */
export interface ApprovalPolicy {
  id: string;
  actions: ApprovalAction[];
  /** Calls whose per-minute rate is above this need approval; unset: above the account's `/limit price`. */
  callAbove?: Money | undefined;
  /** Card loads (`card create <number> <amount>`) above this need approval; unset: any amount. */
  topupAbove?: Money | undefined;
  /** Who may approve: the chat's admins (Telegram, Slack admins) or the support channel's agents. */
  approvers: 'admins' | 'agents';
  setBy: string;
  setAt: string;
}

/** One request waiting for a second person. Its arguments never hold a secret (see guard-step.ts). */
export interface ApprovalRequest {
  id: string;
  /** The chat key it was asked in, and the chat as the platform names it. */
  chat: string;
  platform: Platform;
  tenant: string;
  chatId: string;
  /** The requester, as an identity key, their platform user id and name. */
  requester: string;
  requesterUser: string;
  requesterName?: string;
  requesterLocale?: string;
  role: Role;
  action: ApprovalAction;
  command: string;
  args: string[];
  /** Public words for what is asked (no personal data). */
  summary: string;
  approvers: 'admins' | 'agents';
  createdAt: string;
  expiresAt: string;
  status: 'pending' | 'approved' | 'refused' | 'withdrawn' | 'expired';
  decidedBy?: string;
  decidedByName?: string;
  /** Where the request message landed, so an expiry can edit it. */
  message?: SentMessage;
}

export interface GuardStores {
  limits: RecordStore<SpendLimit>;
  cardCaps: RecordStore<CardCap>;
  policies: RecordStore<ApprovalPolicy>;
  approvals: RecordStore<ApprovalRequest>;
}
