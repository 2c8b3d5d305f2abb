import type { ConversationReferenceStore } from '../../core/index.js';

/**
 * A support channel's set-up a team owner asked for (docs/teams.md §2.1): which channel, in which
 * team, at which `serviceUrl`. The card names the channel, but the submission is checked against
 * this record, kept in the store (so it survives a restart and is seen by every instance): a card
 * can only set up the channel its owner asked from, and only the newest card counts.
 */
export interface PendingSetup {
  readonly chat: string;
  readonly team: string;
  readonly serviceUrl: string;
  /**
   * The nonce of the card sent last (a refusal's card is a new one): a card with any other nonce
   * is out of date, so two cards for one channel cannot both set it up. The door claims a nonce
   * once in the dedupe store (atomic across instances), so the card that counts runs once.
   */
  readonly nonce?: string;
  /** Submitted already: a second press of the same card sets nothing up. */
  readonly used?: boolean;
}

export interface PendingSetups {
  get(tenant: string, user: string): Promise<PendingSetup | undefined>;
  set(tenant: string, user: string, setup: PendingSetup): Promise<void>;
}

export function pendingSetups(store: ConversationReferenceStore): PendingSetups {
  const key = (tenant: string, user: string) => `setup:${tenant}:${user}`;
  return {
    get: (tenant, user) => store.get<PendingSetup>('teams', key(tenant, user)),
    set: (tenant, user, setup) => store.set('teams', key(tenant, user), setup),
  };
}
