import { z } from 'zod';
import { fromDate } from '../../telephony/dates.js';
import { hasCode } from '../../telephony/errors.js';
import { encodeButton } from '../buttons.js';
import { type CommandContext, commandText, defineCommand } from '../command-spec.js';
import { sharedChatMayShow } from '../delivery/delivery.js';
import { audited } from '../guard/audited.js';
import { type Messages, messagesFor } from '../messages.js';
import { hangingUpCard } from '../proactive/call-card.js';
import {
  CALL_REPORT_TIMING,
  CALL_TRACK_PREFIX,
  callHangingUp,
  callHungUp,
} from '../proactive/call-report.js';
import type { Reply } from '../reply.js';
import { callPlaced, releaseCall, reserveCall } from '../spend/call-allowance.js';
import { phoneArg, positional } from '../values/args.js';
import { subscriptionOf } from './alert.js';
import { callGuard } from './call-guard.js';

/**
 * Stores the pending report of a call just placed; the card's `track` key finds it again. The report
 * is never more public than the card (docs/architecture.md §8.3.3): it speaks in a shared chat only where
 * the card itself was shown to the chat (personal data allowed there, delivery.ts); otherwise in
 * the caller's private conversation, wherever the card was seen.
 */
async function watchCall(
  ctx: CommandContext<unknown>,
  callId: string,
  a: string,
  b: string,
  answeredAt: Date,
  hangupAction: string | undefined,
): Promise<void> {
  const base = await subscriptionOf(ctx);
  const placed = ctx.now.getTime();
  const at = (ms: number) => new Date(placed + ms).toISOString();
  const inChat =
    ctx.chat.kind === 'shared' && sharedChatMayShow('personal', await ctx.stores.settings.chat(ctx.chatKey));
  await ctx.stores.proactive.callReports.put({
    ...base,
    id: callId,
    destination: inChat
      ? { ...base.setBy, kind: 'chat', chatId: ctx.chat.id }
      : { ...base.setBy, kind: 'user' },
    ...(inChat ? { sharedChat: ctx.chatKey } : {}),
    callId,
    aNumber: a,
    bNumber: b,
    placedAt: ctx.now.toISOString(),
    // The record's start lies between these two: it tells this call from a redial (call-match.ts).
    answeredAt: answeredAt.toISOString(),
    ...(hangupAction ? { hangupAction } : {}),
    nextCheckAt: at(CALL_REPORT_TIMING.firstCheckMs),
    checks: 0,
    giveUpAt: at(CALL_REPORT_TIMING.giveUpAfterMs),
  });
}

const callCommand = defineCommand({
  name: 'call',
  helpGroup: 'calls',
  contactButton: { label: (t) => t.contactCall, order: 1 },
  aliases: ['callback', 'dial'],
  // Ringing a phone to connect it with itself bills a call that cannot happen: refused before any API call.
  args: ({ t }) =>
    positional(t, [t.arg.a, t.arg.b], [phoneArg(t, t.arg.a), phoneArg(t, t.arg.b)]).superRefine((ab, ctx) => {
      const [a, b] = ab;
      if (a && b && a.digits === b.digits) ctx.addIssue({ code: 'custom', message: t.vSameAB(a.digits) });
    }),
  ...commandText('call'),
  roles: ['holder', 'agent'],
  output: 'personal',
  changesState: true,
  needs: 'account',
  // Spend limits and the price ceiling refuse before anything is sent (docs/money-guard.md §1, §2).
  guarded: callGuard,
  async handler(ctx) {
    const { t } = ctx;
    const { client, username } = await ctx.account();
    const [aNumber, bNumber] = [ctx.args[0]!, ctx.args[1]!];
    const [a, b] = [aNumber.digits, bNumber.digits];
    // Reserved against the spend limits in one step per account, right before sending (docs/money-guard.md §1.5).
    const allowance = await reserveCall(ctx, { client, username }, bNumber);
    if (allowance.kind === 'refused') return allowance.reply;
    // Never retried (provider-notes §3): a resend would ring both phones again.
    const call = await audited(
      ctx,
      {
        command: 'call',
        account: username,
        target: b,
        check: '/cdrs',
        unknownText: t.callOutcomeUnknown(b),
        // No call id came back: /hangup then looks for the call in the records (docs/reliability.md §3.5).
        onUnknown: () =>
          ctx.stores.settings
            .updateUser(ctx.identityKey, {
              lastCallId: undefined,
              unknownCall: { a, b, at: ctx.now.toISOString() },
            })
            .then(() => undefined),
      },
      () => client.trycallback({ aNumber, bNumber }),
      (c) => c.callId,
    ).catch(async (err: unknown) => {
      // Not placed: the reservation is given back. An unknown outcome keeps it (a phone may ring).
      if ((err as { code?: string }).code !== 'CORE_USER_FACING')
        await releaseCall(ctx, allowance).catch(() => undefined);
      throw err;
    });
    const answeredAt = ctx.clock();
    // The call is ringing: the user must hear so even if the store fails now (a Redis outage), or
    // they would try again and ring both phones twice. The id is in the reply for /hangup <id>.
    await ctx.stores.settings
      .updateUser(ctx.identityKey, { lastCallId: call.callId, unknownCall: undefined })
      .catch(() => undefined);
    // Hang up's press runs /hangup on the arguments its parse would make (one call id), kept typed.
    const hangup = await ctx
      .pending('hangup', 'hangup', [call.callId], { typed: [call.callId] })
      .catch(() => undefined);
    // The card reports how the call went once its record appears (docs/proactive.md §2.1, D10). Like the
    // lines above, a store outage must not hide that the call is ringing.
    const hangupAction = hangup ? encodeButton({ kind: 'held', ticket: hangup }) : undefined;
    await watchCall(ctx, call.callId, a, b, answeredAt, hangupAction).catch(() => undefined);
    // The cut-off job hangs it up when its allowed time runs out; without this it still expires.
    await callPlaced(ctx, allowance, call.callId, answeredAt).catch(() => undefined);
    const card = callingCard(t, a, b, call.callId, hangupAction);
    const note = allowance.kind === 'reserved' ? allowance.note : '';
    return {
      track: `${CALL_TRACK_PREFIX}${call.callId}`,
      ...card,
      ...(note ? { text: `${card.text}\n${note}` } : {}),
    };
  },
});

const hangupCommand = defineCommand({
  name: 'hangup',
  helpGroup: 'calls',
  aliases: ['stop'],
  args: ({ t }) => z.array(z.string().regex(/^[\w-]{1,64}$/, t.vCallId)).max(1, t.vOneCallId),
  ...commandText('hangup'),
  roles: ['holder', 'agent'],
  output: 'personal',
  changesState: true,
  // The hang-up button stays usable for a long call.
  pendingTtlMs: 6 * 3600_000,
  needs: 'account',
  async handler(ctx) {
    const { t } = ctx;
    const { client, username } = await ctx.account();
    const settings = await ctx.stores.settings.user(ctx.identityKey);
    const callId = ctx.args[0] ?? settings.lastCallId;
    if (!callId && settings.unknownCall) {
      // The start's answer never came, so there is no id to stop (D4 needs it, and no read lists
      // active calls). The records show whether the call ended; otherwise say what still works.
      const { b, at } = settings.unknownCall;
      const since = fromDate(new Date(at));
      const records = await client.cdrs({ from: since, to: fromDate(ctx.now), show: 100 });
      const ended = records.records.some((r) => r.number.replace(/\D/g, '').endsWith(b.slice(-9)));
      if (ended) {
        await ctx.stores.settings.updateUser(ctx.identityKey, { unknownCall: undefined });
        return { text: t.hangupUnknownEnded(b), tone: 'warning' };
      }
      return { text: t.hangupUnknownNoId(b, ctx.fmt.dateTime(new Date(at))), tone: 'warning' };
    }
    if (!callId) return { text: t.hangupNoCall, tone: 'warning' };
    // Best effort: once the provider stopped the call, a store failure (an outage) must not turn
    // "stopped" into "not done" (the soak found it); a stale id only answers "already ended".
    const forget = async () => {
      if (settings.lastCallId === callId)
        await ctx.stores.settings
          .updateUser(ctx.identityKey, { lastCallId: undefined })
          .catch(() => undefined);
    };
    // The card stops offering Hang up at once and says "Hanging up…" until its record is in.
    await showHangingUp(ctx, callId);
    const sentAt = ctx.clock();
    try {
      await audited(ctx, { command: 'hangup', account: username, target: callId, check: '/cdrs' }, () =>
        client.stopcallback({ callId }),
      );
    } catch (err) {
      if (!hasCode(err, 'TEL_NOT_FOUND')) {
        await showCalling(ctx, callId);
        throw err;
      }
      await forget();
      // It had ended by itself: its record is there to report.
      await callHungUp(ctx, callId, ctx.clock(), undefined).catch(() => undefined);
      return { text: t.hangupAlreadyEnded, tone: 'warning' };
    }
    const doneAt = ctx.clock();
    await forget();
    await callHungUp(ctx, callId, doneAt, { sentAt, doneAt }).catch(() => undefined);
    return { text: t.hangupDone, tone: 'success' };
  },
});

/** Marks the call's report and edits its card to "Hanging up…"; best effort, the hang-up goes on. */
async function showHangingUp(ctx: CommandContext<unknown>, callId: string): Promise<void> {
  try {
    const report = await callHangingUp(ctx, callId);
    if (report?.message) await ctx.editMessage(report.message, hangingUpCard(report));
  } catch {
    // A store or platform hiccup must not keep the call ringing.
  }
}

/** The call card while the call runs: who is called, the id for `/hangup <id>`, and Hang up. */
function callingCard(
  t: Messages,
  a: string,
  b: string,
  callId: string,
  hangupAction: string | undefined,
): Reply {
  return {
    text: t.callStarted(a, b),
    fields: [{ label: t.fieldCallId, value: callId, code: true }],
    actions: hangupAction ? [{ label: t.hangupButton, actionId: hangupAction, style: 'danger' }] : [],
    tone: 'success',
  };
}

/** The hang-up was refused or failed: the card offers Hang up again, as before the press. */
async function showCalling(ctx: CommandContext<unknown>, callId: string): Promise<void> {
  try {
    const report = await ctx.stores.proactive.callReports.update(callId, (r) =>
      r ? { ...r, hangingUp: false } : r,
    );
    if (report?.message)
      await ctx.editMessage(
        report.message,
        callingCard(messagesFor(report.locale), report.aNumber, report.bNumber, callId, report.hangupAction),
      );
  } catch {
    // Best effort, as the "Hanging up…" edit.
  }
}

/** `/call` and `/hangup`: the web callback of spec 4.10 / 4.11 (D4). */
export function callCommands() {
  return [callCommand, hangupCommand];
}
