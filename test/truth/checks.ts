import { messagesFor } from '../../src/core/messages.js';
import type { Reply } from '../../src/core/reply.js';
import { createFormatter, type Formatter } from '../../src/core/values/format.js';
import type { AccountCdr } from '../../src/sandbox/state-schema.js';
import { CARD_CLI, type World } from './history.js';
import { dayIn, daysBefore, hasTwin, recordOf, recordsOfDays, sumOf } from './ledger.js';

/** A figure the bot stated that the ledger contradicts, by area. */
export interface Violation {
  area: 'call report' | 'time limit' | 'totals' | 'balance' | 'card' | 'hang-up' | 'spend' | 'digest';
  what: string;
}

const eur = (minor: number) => ({ minor, scale: 4, currency: 'EUR' });
const fieldOf = (r: Reply | undefined, label: string) => r?.fields?.find((f) => f.label === label)?.value;

export function formatterOf(w: World): Formatter {
  return createFormatter({ locale: w.h.language, timeZone: w.h.zone });
}

/** `/balance` states the ledger's balance. */
export async function checkBalance(w: World, out: Violation[]): Promise<void> {
  const t = messagesFor(w.h.language);
  const replies = await w.say('/balance');
  const stated = fieldOf(replies[0], t.fieldBalance);
  const expected = formatterOf(w).money(w.stack.sandbox.state.balance('demo')!);
  if (stated !== expected) out.push({ area: 'balance', what: `/balance says ${stated}, ledger ${expected}` });
}

/** The summary line of `/cdrs`: how many calls it counts and their total, as the bot worded it. */
function parseTotal(text: string): { count: number; total: string } | undefined {
  const patterns: [RegExp, (m: RegExpExecArray) => { count: number; total: string }][] = [
    [/^Latest \d+ of (\d+) calls, (.+) in all$/m, (m) => ({ count: Number(m[1]), total: m[2]! })],
    [/^Die letzten \d+ von (\d+) Anrufen, zusammen (.+)$/m, (m) => ({ count: Number(m[1]), total: m[2]! })],
    [/^(\d+) calls?, total (.+)$/m, (m) => ({ count: Number(m[1]), total: m[2]! })],
    [
      /^(\d+|ein) Anrufe?, zusammen (.+)$/m,
      (m) => ({ count: m[1] === 'ein' ? 1 : Number(m[1]), total: m[2]! }),
    ],
  ];
  for (const [re, read] of patterns) {
    const m = re.exec(text);
    if (m) return read(m);
  }
  return undefined;
}

/**
 * `/cdrs` (the last 30 days in the user's zone, as the home menu's Calls shows it): the count and
 * total of the whole period, and each listed row, newest first, against the ledger.
 */
export async function checkTotals(w: World, out: Violation[]): Promise<void> {
  const fmt = formatterOf(w);
  const today = dayIn(w.clock(), w.h.zone);
  const ledger = recordsOfDays(w.stack.sandbox.state.cdrs('demo'), daysBefore(today, 30), today, w.h.zone);
  const [reply] = await w.say('/cdrs');
  const text = reply?.text ?? '';
  if (ledger.length === 0) {
    if (text !== messagesFor(w.h.language).cdrsNone)
      out.push({ area: 'totals', what: `/cdrs says "${text}" for a period without calls` });
    return;
  }
  const stated = parseTotal(text);
  const expected = { count: ledger.length, total: fmt.money(eur(sumOf(ledger))) };
  if (stated?.count !== expected.count || stated.total !== expected.total)
    out.push({
      area: 'totals',
      what: `/cdrs says "${text.split('\n')[0]}", ledger ${expected.count} calls, ${expected.total}`,
    });
  checkRows(reply!, ledger, fmt, out);
}

/** Each listed row is the ledger's record of that rank: its duration and amount. */
function checkRows(reply: Reply, ledger: readonly AccountCdr[], fmt: Formatter, out: Violation[]): void {
  const rows = reply.table?.rows ?? [];
  rows.forEach((row, i) => {
    const r = ledger[i];
    const want = r && [fmt.duration(r.seconds), fmt.money(eur(r.amount))];
    if (!want || row[3] !== want[0] || row[4] !== want[1])
      out.push({
        area: 'totals',
        what: `/cdrs row ${i + 1} shows ${row[3]} ${row[4]}, ledger ${want?.join(' ')}`,
      });
  });
}

/** Every call card ends with its own record's duration and cost, or says plainly it cannot tell. */
export function checkCallCards(w: World, out: Violation[]): void {
  const t = messagesFor(w.h.language);
  const fmt = formatterOf(w);
  const calls = w.stack.sandbox.state.calls().filter((c) => w.calls.includes(c.callId));
  const cdrs = w.stack.sandbox.state.cdrs('demo');
  for (const call of calls) {
    const card = w.card(call.callId);
    const record = recordOf(call, cdrs);
    const label = `call ${w.calls.indexOf(call.callId) + 1}`;
    if (!record) {
      out.push({ area: 'call report', what: `${label}: the ledger has no record (still running?)` });
      continue;
    }
    const duration = fieldOf(card, t.fieldDuration);
    const cost = fieldOf(card, t.fieldCost);
    if (duration === undefined && hasTwin(call, calls) && card?.text?.includes(`+${call.bNumber}`)) continue;
    const want = { duration: fmt.duration(record.seconds), cost: fmt.money(eur(record.amount)) };
    if (duration !== want.duration || cost !== want.cost)
      out.push({
        area: 'call report',
        what: `${label} to +${call.bNumber}: card says ${duration} ${cost}, ledger ${want.duration} ${want.cost}`,
      });
    const limitNote = t.callReportLimit?.(60) ?? '(the catalogue has no limit note)';
    const atLimit = record.seconds >= 3600;
    if (atLimit !== Boolean(card?.text?.includes(limitNote)))
      out.push({
        area: 'time limit',
        what: `${label}: ${record.seconds} s, and the card ${atLimit ? 'does not say' : 'says'} it hit the 60-minute limit`,
      });
  }
}

/** Right after Hang up, the card says so and offers no Hang up button any more. */
export function checkHangingUp(w: World, callId: string, out: Violation[]): void {
  const t = messagesFor(w.h.language);
  const card = w.card(callId);
  const says = card?.text?.includes(t.callHangingUp ?? 'Hanging up…');
  if (card?.title === t.callReportTitle) return;
  if (!says || (card?.actions ?? []).length > 0)
    out.push({
      area: 'hang-up',
      what: `after /hangup the card says "${card?.text ?? '(unchanged: Calling…, Hang up)'}"`,
    });
}

/** `/card show` states the ledger's card: its state and amount. */
export async function checkCard(w: World, out: Violation[]): Promise<void> {
  const t = messagesFor(w.h.language);
  const replies = await w.say(`/card show ${CARD_CLI}`);
  const card = w.stack.sandbox.state.card(CARD_CLI.replace(/\D/g, ''))!;
  const state = fieldOf(replies[0], t.fieldState);
  const amount = fieldOf(replies[0], t.fieldAmount);
  const want = {
    state: t.cardStates[card.state] ?? card.state,
    amount: formatterOf(w).money(eur(card.amount)),
  };
  if (state !== want.state || amount !== want.amount)
    out.push({
      area: 'card',
      what: `/card show says ${state} ${amount}, ledger ${want.state} ${want.amount}`,
    });
}

const dayFields = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

/** `/spend 7d`: the chart's caption states the ledger's total and count of the 8 days in the zone. */
export async function checkSpend(w: World, out: Violation[]): Promise<void> {
  const t = messagesFor(w.h.language);
  const fmt = formatterOf(w);
  const today = dayIn(w.clock(), w.h.zone);
  const from = daysBefore(today, 7);
  const ledger = recordsOfDays(w.stack.sandbox.state.cdrs('demo'), from, today, w.h.zone);
  const [f, to] = [fmt.calendarDate(dayFields(from)), fmt.calendarDate(dayFields(today))];
  const want = ledger.length
    ? t.spendCaption(fmt.money(eur(sumOf(ledger))), ledger.length, f, to)
    : t.spendNone(f, to);
  const [reply] = await w.say('/spend 7d');
  if (reply?.text !== want)
    out.push({ area: 'spend', what: `/spend 7d says "${reply?.text}", ledger "${want}"` });
}

/**
 * Every digest covers the week before the one it was sent in, Monday to Sunday in the zone (so
 * no two share a day), titled in the user's format, with the ledger's calls and total of that week.
 */
export function checkDigests(w: World, out: Violation[]): void {
  const t = messagesFor(w.h.language);
  const fmt = formatterOf(w);
  const weeks = new Set<string>();
  for (const d of w.digests) {
    const today = dayIn(d.at, w.h.zone);
    const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
    const [from, to] = [daysBefore(today, weekday + 7), daysBefore(today, weekday + 1)];
    if (weeks.has(from)) out.push({ area: 'digest', what: `two digests cover the week of ${from}` });
    weeks.add(from);
    const title = t.digestTitle(fmt.calendarDate(dayFields(from)), fmt.calendarDate(dayFields(to)));
    const ledger = recordsOfDays(w.stack.sandbox.state.cdrs('demo'), from, to, w.h.zone);
    const figures = t.digestText(fmt.money(eur(sumOf(ledger))), ledger.length, 'X').split('X')[0]!;
    if (d.reply.title !== title || !d.reply.text?.startsWith(figures))
      out.push({
        area: 'digest',
        what: `digest sent ${d.at.toISOString()}: "${d.reply.title}" "${d.reply.text}", ledger "${title}" "${figures}…"`,
      });
  }
}
