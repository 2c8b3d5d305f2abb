import type { TelephonyClientWithMethods } from '../../telephony/client.js';
import type { CoreLogger } from '../logger.js';
import type { Outbox } from '../notify/outbox.js';
import type { SubscriptionBase } from '../ports/proactive.js';
import type { Stores } from '../ports/stores.js';
import type { ClientFactory } from '../services.js';

/** What the jobs of the bot speaking first share. */
export interface ProactiveContext {
  stores: Stores;
  clientFactory: ClientFactory;
  outbox: Outbox;
  clock: () => Date;
  logger: CoreLogger;
  /**
   * True once the bot is stopping: a job ends between items (a call report, a digest, an account),
   * never in the middle of one, so a shutdown is not held up by a long run (README "Operations").
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
