import { addMoney, subtractMoney } from '../../telephony/money.js';
import { normalizePhoneNumber, type PhoneNumber } from '../../telephony/phone.js';
import { compareAmounts } from '../guard/amounts.js';
import { audited } from '../guard/audited.js';
import { identityKey } from '../identity.js';
import { messagesFor } from '../messages.js';
import type { CardCap } from '../ports/guard.js';
import type { AuditEntry } from '../ports/records.js';
import type { Reply } from '../reply.js';
import { createFormatter } from '../values/format.js';
import type { ProactiveContext } from './context.js';
import { sweepEach } from './sweep-each.js';

export interface CardCapSweepResult {
  checked: number;
  blocked: number;
  failed: number;
}

/** The PIN-creation client of a cap's owner, for that username; `undefined` once it was unlinked. */
async function cardClientOf(ctx: ProactiveContext, cap: CardCap) {
  const record = await ctx.stores.credentials.get(cap.owner);
  const cred = record?.credentials.find((c) => c.kind === 'card' && c.username === cap.username);
  return cred ? ctx.clientFactory({ card: { username: cred.username, md5: cred.md5 } }) : undefined;
}

/**
 * One pass over every card cap (docs/money-guard.md §1, §2): a card's spend is the sum of every fall of
 * its amount between looks (a rise is a reload, not spend); once it is above the cap the card is
 * blocked (never retried, written ahead in the audit log like a typed `/card block`), once across
 * instances, and its owner and support channel are told.
 */
export async function sweepCardCaps(ctx: ProactiveContext): Promise<CardCapSweepResult> {
  const result: CardCapSweepResult = { checked: 0, blocked: 0, failed: 0 };
  await sweepEach(ctx, ctx.stores.guard.cardCaps.list(), {
    what: 'card cap',
    skip: (cap) => Boolean(cap.blockedAt || cap.paused),
    check: (cap) => checkCap(ctx, cap, result),
    failed: () => {
      result.failed += 1;
    },
  });
  return result;
}

async function checkCap(ctx: ProactiveContext, cap: CardCap, result: CardCapSweepResult): Promise<void> {
  const caps = ctx.stores.guard.cardCaps;
  const client = await cardClientOf(ctx, cap);
  const cli = normalizePhoneNumber(`+${cap.cli}`);
  if (!client || !cli.ok) {
    await caps.retire(cap);
    return;
  }
  const card = await client.show({ cli: cli.value });
  result.checked += 1;
  const fall = subtractMoney(cap.lastAmount, card.amount);
  const spent = fall.minor > 0 ? addMoney(cap.spent, fall) : cap.spent;
  const seen = { spent, lastAmount: card.amount };
  if (compareAmounts(spent, cap.cap) <= 0 || card.state !== 'active') {
    // The count, onto the cap as it is now and only while it is the one read: a cap lowered,
    // raised or switched off meanwhile is the person's, and the next sweep counts from it.
    await caps.settle(cap, seen);
    return;
  }
  // The block is claimed on the revision read, before it is sent (docs/reliability.md §8.2): a
  // change of the cap before the claim stops it; one after is told of it; another run's claim
  // (another instance) holds it, so it is sent once.
  const claimed = await caps.settle(
    cap,
    { ...seen, blockedAt: ctx.clock().toISOString() },
    {
      claim: 'blockedAt',
    },
  );
  if (!claimed) return;
  await blockOverCap(ctx, claimed, client, cli.value);
  result.blocked += 1;
}

/** Blocks the card (written ahead, never resent), then tells it; an unknown outcome is said so. */
async function blockOverCap(
  ctx: ProactiveContext,
  cap: CardCap,
  client: NonNullable<Awaited<ReturnType<typeof cardClientOf>>>,
  cli: PhoneNumber,
): Promise<void> {
  const spent = cap.spent;
  const t = messagesFor(cap.locale);
  const fmt = createFormatter(cap.locale ?? 'en');
  const auditCtx = {
    t,
    // The block is the bot's, on behalf of whoever set the cap; recorded like a typed one.
    audit: (entry: Omit<AuditEntry, 'at' | 'actor' | 'chat'>) =>
      ctx.stores.audit.append({
        ...entry,
        at: ctx.clock().toISOString(),
        actor: identityKey(cap.setBy),
        chat: cap.owner,
      }),
  };
  let text: string;
  try {
    await audited(
      auditCtx,
      {
        command: 'card block (cap)',
        account: cap.username,
        target: cap.cli,
        check: `/card show +${cap.cli}`,
      },
      () => client.blockcard({ cli }),
      () => `spent ${fmt.money(spent)} of ${fmt.money(cap.cap)}`,
    );
    text = t.cardCapBlocked(cap.cli, fmt.money(spent), fmt.money(cap.cap));
  } catch (err) {
    // Unknown outcome (audited() words it): never resent (provider-notes §3), and said so; the
    // claim stays. Anything else (refused: blocked meanwhile; a passing failure) gives the claim
    // back for the next sweep, on the same revision only.
    if ((err as { code?: string }).code !== 'CORE_USER_FACING') {
      await ctx.stores.guard.cardCaps.settle(cap, { blockedAt: undefined });
      throw err;
    }
    text = t.cardCapBlockUnknown(cap.cli);
  }
  await tellOwner(
    ctx,
    cap,
    {
      title: t.cardCapBlockedTitle,
      text,
      tone: 'warning',
      visibility: 'personal',
    },
    { title: t.cardCapBlockedTitle, text: t.cardCapBlockedPublic, tone: 'warning' },
  );
}

/** The owner privately; a support channel's cap also tells the channel (the public words where it must). */
async function tellOwner(ctx: ProactiveContext, cap: CardCap, full: Reply, publicVersion: Reply) {
  const sent = await ctx.outbox.deliver(cap.destination, cap.setBy, full, publicVersion);
  if (sent.status !== 'sent')
    ctx.logger.warn({ cap: cap.id, status: sent.status }, 'card cap: owner not told');
}
