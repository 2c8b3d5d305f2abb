import type { Money } from '../../telephony/money.js';
import { encodeButton } from '../buttons.js';
import { inCurrency, levelOf, percentOf } from '../guard/amounts.js';
import { periodSpend, spentText } from '../guard/spend-period.js';
import { messagesFor } from '../messages.js';
import type { SpendLimit } from '../ports/guard.js';
import type { Reply } from '../reply.js';
import { createFormatter } from '../values/format.js';
import { clientFor, type ProactiveContext } from './context.js';
import { sweepEach } from './sweep-each.js';

/** How long a level's once-only claim is kept: longer than any month. */
const LEVEL_CLAIM_TTL_MS = 40 * 86_400_000;

export interface LimitSweepResult {
  checked: number;
  alerted: number;
  failed: number;
}

/**
 * One pass over every spend limit (docs/money-guard.md §1, §2): today's and this month's spend from the
 * call records in the limit's zone; each level (50, 80, 100 %) alerts once per crossing, claimed
 * across instances, and a new day or month starts again from nothing.
 */
export async function sweepLimits(ctx: ProactiveContext): Promise<LimitSweepResult> {
  const result: LimitSweepResult = { checked: 0, alerted: 0, failed: 0 };
  await sweepEach(ctx, ctx.stores.guard.limits.list(), {
    what: 'limit',
    skip: (limit) => Boolean(limit.paused || (!limit.daily && !limit.monthly)),
    check: (limit) => checkLimit(ctx, limit, result),
    failed: () => {
      result.failed += 1;
    },
  });
  return result;
}

async function checkLimit(ctx: ProactiveContext, limit: SpendLimit, result: LimitSweepResult): Promise<void> {
  const limits = ctx.stores.guard.limits;
  const client = await clientFor(ctx, limit);
  if (!client) {
    // The account was unlinked: its limit goes with it (unless it was set again meanwhile).
    await limits.retire(limit);
    return;
  }
  const now = ctx.clock();
  let alerted = { ...limit.alerted };
  for (const period of ['daily', 'monthly'] as const) {
    const max = limit[period];
    if (!max) continue;
    const read = await periodSpend({ client }, period, now, limit.timeZone, max.currency);
    const { spent, key } = read;
    result.checked += 1;
    const percent = percentOf(spent, inCurrency(max, spent.currency));
    const level = levelOf(percent);
    if (level <= (alerted[key] ?? 0)) continue;
    // Keys of this period only: an old day's levels are not needed again.
    const kept = Object.entries(alerted).filter(([k]) => !k.startsWith(key.split(':')[0]!));
    const before = alerted;
    alerted = { ...Object.fromEntries(kept), [key]: level };
    const claim = `limit:${limit.id}:${key}:${level}`;
    // Sent by another instance: only the level is written, onto the setting read.
    if (!(await ctx.stores.proactive.claims.claim(claim, LEVEL_CLAIM_TTL_MS))) {
      if (!(await limits.settle(limit, { alerted }))) return;
      continue;
    }
    // Claimed on the revision read (docs/reliability.md §8.2): a `/limit` change or `/limit off`
    // before this stops the alert, and the next sweep reads the new setting.
    if (!(await limits.settle(limit, { alerted }))) {
      await ctx.stores.proactive.claims.release(claim);
      return;
    }
    const { full, publicVersion } = limitReplies(limit, period, read, max, percent, level);
    const sent = await ctx.outbox.deliver(limit.destination, limit.setBy, full, publicVersion);
    if (sent.status === 'failed') {
      // Not delivered: the claim and the level are given back, the next sweep tries again.
      await ctx.stores.proactive.claims.release(claim);
      await limits.settle(limit, { alerted: before });
      result.failed += 1;
      return;
    }
    if (sent.status === 'refused') {
      await limits.settle(limit, { paused: { reason: sent.reason, at: now.toISOString() } });
      return;
    }
    result.alerted += 1;
  }
}

function limitReplies(
  limit: SpendLimit,
  period: 'daily' | 'monthly',
  read: { spent: Money; capped: boolean },
  max: Money,
  percent: number,
  level: number,
): { full: Reply; publicVersion: Reply } {
  const t = messagesFor(limit.locale);
  const fmt = createFormatter(limit.locale ?? 'en');
  const kind = t.limitKinds[period] ?? period;
  const text = t.limitAlert(
    limit.label,
    kind,
    spentText(t, fmt, read),
    fmt.money(inCurrency(max, read.spent.currency)),
    percent,
  );
  const full: Reply = {
    title: t.limitAlertTitle(level),
    text: level >= 100 ? `${text}\n${t.limitAlertReached}` : text,
    tone: 'warning',
    visibility: 'personal',
    actions: [{ label: t.limitButton, actionId: encodeButton({ kind: 'run', command: 'limit' }) }],
  };
  const publicVersion: Reply = {
    title: t.limitAlertTitle(level),
    text: t.limitAlertPublic(limit.label, kind, level),
    tone: 'warning',
  };
  return { full, publicVersion };
}
