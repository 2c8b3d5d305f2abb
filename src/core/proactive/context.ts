import type { TelephonyClientWithMethods } from '../../telephony/client.js';
import type { ClientFactory } from '../accounts/services.js';
import type { Outbox } from '../delivery/outbox.js';
import { identityKey } from '../identity.js';
import type { CoreLogger } from '../logs/logger.js';
import { languageOf } from '../messages.js';
import type { SubscriptionBase } from '../ports/proactive.js';
import type { ClaimConfirmer } from './claim-confirm.js';
import type { JobStores } from './job-records.js';

/** What the jobs of the bot speaking first share. */
export interface ProactiveContext {
  /** The job view (docs/reliability.md §8): records people edit are settled, never put. */
  stores: JobStores;
  clientFactory: ClientFactory;
  outbox: Outbox;
  clock: () => Date;
  logger: CoreLogger;
  /** The two-phase claims of alerts, digests and call reports: a lost confirm is not a resend (docs/reliability.md §8.4). */
  confirmer: ClaimConfirmer;
  /** How long a side effect's claim is held while sending; default {@link CLAIM_HOLD_MS}. */
  claimHoldMs?: number;
  /**
   * True once the bot is stopping: a job ends between items (a call report, a digest, an account),
   * never in the middle of one, so a shutdown is not held up by a long run (docs/operations.md §7).
   */
  cancelled?: () => boolean;
}

/**
 * The client for a subscription's account: the owner's linked credential of that username. `undefined`
 * when it was unlinked since (the subscription is then dropped by the caller).
 */
export async function clientFor(
  ctx: ProactiveContext,
  sub: Pick<SubscriptionBase, 'owner' | 'username'>,
): Promise<TelephonyClientWithMethods | undefined> {
  const record = await ctx.stores.credentials.get(sub.owner);
  const cred = record?.credentials.find((c) => c.kind === 'account' && c.username === sub.username);
  return cred ? ctx.clientFactory({ account: { username: cred.username, md5: cred.md5 } }) : undefined;
}

/**
 * The recipient's language at sending time (docs/architecture.md §8.3.3): a `/language` chosen after the
 * subscription was made wins over the one stored with it; the stored locale keeps its region
 * (`de-AT`) when the language did not change.
 */
export async function recipientLocale(
  ctx: Pick<ProactiveContext, 'stores'>,
  sub: Pick<SubscriptionBase, 'setBy' | 'locale'>,
): Promise<string | undefined> {
  const chosen = (await ctx.stores.settings.user(identityKey(sub.setBy)).catch(() => undefined))?.locale;
  if (!chosen || languageOf(chosen) === languageOf(sub.locale)) return sub.locale;
  return chosen;
}

/**
 * How long the claim of a side effect being sent is held before a retry may take it: far longer
 * than a send takes, and short enough that a killed worker's alert still goes out within minutes.
 */
export const CLAIM_HOLD_MS = 2 * 60_000;

/** Another run holds this side effect's claim (or died holding it): try again once it is released or expired. */
export class ClaimHeldError extends Error {
  override name = 'ClaimHeldError';
  readonly code = 'CLAIM_HELD';
  constructor(readonly claim: string) {
    super('another run holds the claim; retry later');
  }
}

/** The notifier could not deliver now (a passing outage); the claim was given back for a retry. */
export class DeliveryFailedError extends Error {
  override name = 'DeliveryFailedError';
  readonly code = 'DELIVERY_FAILED';
  constructor() {
    super('the message could not be delivered; retry later');
  }
}
