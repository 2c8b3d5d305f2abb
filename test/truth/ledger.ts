import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { MATCH_TOLERANCE } from '../../src/core/proactive/call-match.js';
import type { SandboxOptions } from '../../src/sandbox/index.js';
import { DEMO_DATA_PATH } from '../../src/sandbox/seed-loader.js';
import type { AccountCdr, CallState } from '../../src/sandbox/state-schema.js';

/**
 * The sandbox's own ledger, read independently of the bot: what every figure the bot states must
 * equal. Days are computed here with Intl, not with the bot's date helpers.
 */

export interface PastCall {
  /** Minutes before the history starts. */
  minutesAgo: number;
  seconds: number;
  number: string;
}

/** The demo seed, its own two calls dropped, with `past` calls and `pins` top-up PINs of 5,00 €. */
export function truthSeed(start: Date, past: readonly PastCall[], pins: readonly string[]) {
  const seed = parse(readFileSync(DEMO_DATA_PATH, 'utf8')) as {
    users: { username: string; cdrs?: unknown[] }[];
    pins: unknown[];
  };
  const demo = seed.users.find((a) => a.username === 'demo')!;
  demo.cdrs = past.map((p) => ({
    start: new Date(start.getTime() - p.minutesAgo * 60_000).toISOString().slice(0, 19).replace('T', ' '),
    seconds: p.seconds,
    number: p.number,
    type: 'CALLTHROUGH',
  }));
  seed.pins = [...seed.pins, ...pins.map((pin) => ({ pin, value: '5,00', currency: 'EUR', kind: 'cash' }))];
  return seed as unknown as NonNullable<SandboxOptions['data']>;
}

/** `2026-11-05` of a moment in `zone`. */
export function dayIn(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The ISO day `n` days before `day` (calendar arithmetic, no zone). */
export function daysBefore(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
}

/** The records whose start falls on a day from `from` to `to` (ISO days) in `zone`, newest first. */
export function recordsOfDays(cdrs: readonly AccountCdr[], from: string, to: string, zone: string) {
  return cdrs
    .filter((r) => {
      const day = dayIn(new Date(r.start), zone);
      return day >= from && day <= to;
    })
    .sort((a, b) => Date.parse(b.start) - Date.parse(a.start));
}

/** The sum of amounts at scale 4. */
export const sumOf = (records: readonly { amount: number }[]) => records.reduce((s, r) => s + r.amount, 0);

/** The record a call became (D10): same number, start and end. Identical twins are interchangeable. */
export function recordOf(call: CallState, cdrs: readonly AccountCdr[]): AccountCdr | undefined {
  return cdrs.find((r) => r.number === call.bNumber && r.start === call.start && r.end === call.end);
}

/**
 * Whether another call could not be told from `call` by the times the bot knows: the same number,
 * placed so close that one record fits both (the bot's stated tolerance either side of each, plus
 * the records' whole seconds). Only then may a card say it cannot tell.
 */
export function hasTwin(call: CallState, calls: readonly CallState[]): boolean {
  const apart = 2 * MATCH_TOLERANCE.tightMs + 1000;
  return calls.some(
    (c) =>
      c.callId !== call.callId &&
      c.bNumber === call.bNumber &&
      Math.abs(Date.parse(c.start) - Date.parse(call.start)) <= apart,
  );
}
