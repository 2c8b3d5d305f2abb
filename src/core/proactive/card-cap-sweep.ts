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
 * One pass over every card cap (README "Money guard"): a card's spend is the sum of every fall of
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
  const client = await cardClientOf(ctx, cap);
  const cli = normalizePhoneNumber(`+${cap.cli}`);
  if (!client || !cli.ok) {
    await ctx.stores.guard.cardCaps.delete(cap.id);
    return;
  }
  const card = await client.show({ cli: cli.value });
  result.checked += 1;
  const fall = subtractMoney(cap.lastAmount, card.amount);
  const spent = fall.minor > 0 ? addMoney(cap.spent, fall) : cap.spent;
  const seen: CardCap = { ...cap, spent, lastAmount: card.amount };
  if (compareAmounts(spent, cap.cap) <= 0 || card.state !== 'active') {
    await ctx.stores.guard.cardCaps.put(seen);
    return;
  }
  // Once per cap period, whichever instance sees it first.
  if (!(await ctx.stores.proactive.claims.claim(`cardcap:${cap.id}:${cap.since}`, 40 * 86_400_000))) return;
  await blockOverCap(ctx, seen, client, cli.value);
  result.blocked += 1;
}

/** Blocks the card (written ahead, never resent), then records and tells it; an unknown outcome is said so. */
async function blockOverCap(
  ctx: ProactiveContext,
  cap: CardCap,
  client: NonNullable<Awaited<ReturnType<typeof cardClientOf>>>,
  cli: PhoneNumber,
): Promise<void> {
  const spent = cap.spent;
  const t = messagesFor(cap.locale);
  const fmt = createFormatter(cap.locale ?? 'en');
  const now = ctx.clock().toISOString();
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
    // Unknown outcome (audited() words it): never resent (provider-notes §3), and said so. Anything
    // else (refused: blocked meanwhile; a passing failure) gives the claim back for the next sweep.
    if ((err as { code?: string }).code !== 'CORE_USER_FACING') {
      await ctx.stores.proactive.claims.release(`cardcap:${cap.id}:${cap.since}`);
      throw err;
    }
    text = t.cardCapBlockUnknown(cap.cli);
  }
  await ctx.stores.guard.cardCaps.put({ ...cap, blockedAt: now });
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
