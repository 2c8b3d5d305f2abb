import type { Identity, NotifyDestination, PlacedReply, Reply, SentMessage } from '../../core/index.js';
import type { PrivateChatConfirm } from './consent.js';
import type { DoorCalls, SupportChannel } from './door-calls.js';

/**
 * The core's road out for what no chat request carries back (docs/mcp.md §4.2, §4.4): the Outbox's
 * `send`, which places each reply by the one delivery rule and carries it out on the destination
 * platform's own channel. A platform with no channel running here is `failed`: nothing was posted.
 */
export interface RoadOut {
  send(
    to: NotifyDestination,
    reply: Reply,
  ): Promise<
    { status: 'sent'; message: SentMessage } | { status: 'refused' | 'failed' | 'unknown'; reason: string }
  >;
}

/**
 * The person's private chat with the bot on their own platform, for a confirmation their assistant
 * cannot ask: the same Confirm and Cancel as a chat command's. False when nothing reached it (no
 * road out, no channel of their platform running here, the platform refused).
 */
export function privateChatVia(roadOut: RoadOut | undefined, identity: Identity): PrivateChatConfirm {
  return async (replies) => {
    if (!roadOut) return false;
    const to: NotifyDestination = { ...destinationOf(identity), kind: 'user', user: identity.user };
    for (const reply of replies) if ((await roadOut.send(to, reply)).status !== 'sent') return false;
    return true;
  };
}

/** What became of the replies the core placed for the whole support channel. */
export type Posted = 'none' | 'posted' | 'failed';

/**
 * Posts in the support channel what the core placed for everyone there (a held request with Approve
 * and Refuse, docs/money-guard.md §2.2), as a chat request's would be; a tracked one is reported
 * where it landed, so its decision or expiry edits it in place.
 */
export async function postInChannel(c: {
  roadOut: RoadOut | undefined;
  calls: DoorCalls;
  identity: Identity;
  where: SupportChannel;
  replies: readonly PlacedReply[];
}): Promise<Posted> {
  const forAll = c.replies.filter((r) => r.audience === 'chat');
  if (forAll.length === 0) return 'none';
  if (!c.roadOut) return 'failed';
  const to: NotifyDestination = { ...destinationOf(c.identity), kind: 'chat', chatId: c.where.chatId };
  for (const reply of forAll) {
    const sent = await c.roadOut.send(to, reply);
    if (sent.status !== 'sent') return 'failed';
    if (reply.track) await c.calls.sent({ track: reply.track, message: sent.message });
  }
  return 'posted';
}

const destinationOf = (identity: Identity) => ({ platform: identity.platform, tenant: identity.tenant });
