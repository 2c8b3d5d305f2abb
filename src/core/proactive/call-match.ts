import type { CdrRecord } from '../../telephony/wire.js';
import type { CallReport } from '../ports/proactive.js';

/**
 * Which call record belongs to which placed call. The API names no call id in a record (spec 2.7,
 * D10), so a report matches on the destination and on its own times: when the call was placed
 * (the record's `datestart`) and, after `/hangup`, when it was stopped (`dateend`). Each record is
 * claimed by one report at most (the claim lives in the shared store, `call-report.ts`).
 */
export const MATCH_TOLERANCE = {
  /**
   * A record's times are whole seconds (spec 2.7), and the provider's clock may differ from ours
   * by a little after the learned offset: a record this close to our own times is this call's.
   */
  tightMs: 2_000,
  /**
   * A clock further off (up to the signature's 180 s window would still sign, provider-notes 1.2):
   * a record this near is not taken, but the card then says it cannot tell.
   */
  looseMs: 2 * 60_000,
};

/** The provider's time limit of a call (D10: a call that nobody stops ends after 60 minutes). */
export const PROVIDER_CALL_LIMIT_SECONDS = 3600;

/** What a report knows of its own call, in our clock (epoch ms). */
export interface CallTimes {
  /** Just before `trycallback` was sent. */
  placedAt: number;
  /** When its answer came. */
  answeredAt: number;
  /** Just before `stopcallback` was sent, and when it answered "stopped". */
  hangup?: { sentAt: number; doneAt: number };
}

export function callTimesOf(report: CallReport): CallTimes {
  const placedAt = Date.parse(report.placedAt);
  const answeredAt = report.answeredAt ? Date.parse(report.answeredAt) : placedAt;
  return {
    placedAt,
    answeredAt,
    ...(report.hangup
      ? { hangup: { sentAt: Date.parse(report.hangup.sentAt), doneAt: Date.parse(report.hangup.doneAt) } }
      : {}),
  };
}

/** A record's E.164 digits, the way a report keeps B. */
export const recordDigits = (number: string) => number.replace(/\D/g, '').replace(/^00/, '');

/**
 * Whether `r` can be the record of the call with `times`, within `tolerance` ms either side.
 * `skewMs` is the provider's clock minus ours (what the client learned, else 0).
 */
export function fits(r: CdrRecord, times: CallTimes, tolerance: number, skewMs: number): boolean {
  const start = r.start.getTime() - skewMs;
  // datestart is cut to the second: the call may have started up to a second after it says.
  if (start + 1000 < times.placedAt - tolerance || start > times.answeredAt + tolerance) return false;
  if (!times.hangup) return true;
  const end = r.end.getTime() - skewMs;
  return end + 1000 >= times.hangup.sentAt - tolerance && end <= times.hangup.doneAt + tolerance;
}

/** Two records no figure on a card tells apart: either one states the truth. */
function alike(a: CdrRecord, b: CdrRecord): boolean {
  return (
    a.start.getTime() === b.start.getTime() &&
    a.end.getTime() === b.end.getTime() &&
    a.durationSeconds === b.durationSeconds &&
    a.amount.minor === b.amount.minor &&
    a.amount.scale === b.amount.scale &&
    a.destination === b.destination
  );
}

export type MatchResult =
  /** This record is the call's. */
  | { kind: 'record'; record: CdrRecord }
  /** No record yet (the call may still run). */
  | { kind: 'none' }
  /** Several records fit and nothing tells which: `settled` once no other call can take one of them. */
  | { kind: 'ambiguous'; count: number; settled: boolean }
  /**
   * Only records near this call's time, not at it: another call to that number (made elsewhere),
   * or this one under a clock far off. Not taken; said so if nothing better appears in time.
   */
  | { kind: 'unsure' };

export interface MatchInput {
  /** Records to the report's number, not yet claimed by another report. */
  free: readonly CdrRecord[];
  report: CallTimes;
  /** The other calls to the same number of the same account still waiting for their record. */
  others: readonly CallTimes[];
  skewMs: number;
}

/**
 * Picks the report's record by the tight fit of its own times. A record whose end is another
 * call's hang-up belongs to that call, and another waiting call that fits as well (a twin placed in
 * the same seconds) is a rival: the records are taken only when there are enough for every rival
 * and they do not differ in what a card states; else it is ambiguous, settled once they are all in.
 * A record that fits only loosely is never taken: a redial, or a call made by other means, would
 * otherwise lend this card its figures.
 */
export function matchRecord(input: MatchInput): MatchResult {
  const { free, report, others, skewMs } = input;
  const { tightMs, looseMs } = MATCH_TOLERANCE;
  const fitsTight = (r: CdrRecord, c: CallTimes) => fits(r, c, tightMs, skewMs);
  const hungUpElsewhere = (r: CdrRecord) => !report.hangup && others.some((o) => o.hangup && fitsTight(r, o));
  const tight = free.filter((r) => fitsTight(r, report) && !hungUpElsewhere(r));
  if (tight.length === 0) {
    const reservedByOthers = (r: CdrRecord) => others.some((o) => fitsTight(r, o));
    const near = free.some((r) => fits(r, report, looseMs, skewMs) && !reservedByOthers(r));
    return near ? { kind: 'unsure' } : { kind: 'none' };
  }
  // A call stopped by /hangup is told by its end; one that was not cannot contest it.
  const rivals = others.filter((o) => (o.hangup || !report.hangup) && tight.some((r) => fitsTight(r, o)));
  const first = tight[0]!;
  const allAlike = tight.every((r) => alike(r, first));
  const enough = tight.length >= 1 + rivals.length;
  if (allAlike && enough) return { kind: 'record', record: first };
  return { kind: 'ambiguous', count: Math.max(tight.length, 1 + rivals.length), settled: enough };
}
