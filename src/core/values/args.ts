import { z } from 'zod';
import { type CalendarDate, compareDates } from '../../telephony/dates.js';
import { normalizePhoneNumber, type PhoneNumber, type PhoneResult } from '../../telephony/phone.js';
import { type Pin, parsePin } from '../../telephony/pin.js';
import type { Messages } from '../messages.js';
import { looksLikeDate, parseNaturalDate } from './natural-date.js';

/**
 * Zod building blocks for command arguments. Tokens come in as strings; each issue's message is
 * the fix we show, from the user's catalogue (docs/language.md §1.4: human wording, with an example).
 */

/** What an argument schema may depend on: the user's catalogue, zone and the clock. */
export interface ArgsEnv {
  readonly t: Messages;
  readonly timeZone: string;
  readonly now: () => Date;
}

const tokens = z.array(z.string());

/** The refusal of a phone number, worded from the catalogue. `what` is e.g. `t.arg.a`. */
function phoneFix(t: Messages, what: string, r: Extract<PhoneResult, { ok: false }>, text: string) {
  const p = t.vPhone;
  switch (r.problem) {
    case 'empty':
      return `${p.empty(what)}; ${p.format}`;
    case 'characters':
      return `${p.characters(what, text.trim().slice(0, 40))}; ${p.format}`;
    case 'national':
      return `${p.national(what)}; ${p.format}`;
    case 'length':
      return `${p.length(what)}; ${p.format}`;
    case 'impossible':
      return p.impossible(what, r.digits ?? '');
  }
}

/** The refusal of a username (it travels in an HTTP header, spec 5), worded from the catalogue. */
export function usernameFix(t: Messages, issue: 'empty' | 'long' | 'characters'): string {
  return t.vUsernameIssue[issue];
}

/** A reading of one token: the client's own value, or the fix in the user's words. */
export type Read<T> = { ok: true; value: T } | { ok: false; fix: string };

/** A phone number read with the client's parser (docs/architecture.md §7.4); the refusal worded from the catalogue. */
export function readPhone(t: Messages, what: string, text: string): Read<PhoneNumber> {
  const r = normalizePhoneNumber(text);
  return r.ok ? r : { ok: false, fix: phoneFix(t, what, r, text) };
}

/** A PIN read with the client's parser; every refusal is the catalogue's one PIN fix. */
export function readPin(t: Messages, text: string): Read<Pin> {
  const r = parsePin(text);
  return r.ok ? r : { ok: false, fix: t.vPin };
}

/** An argument schema over a reader: the value comes out typed, so nothing parses it again. */
function readArg<T>(read: (text: string) => Read<T>) {
  return z.string().transform((text, ctx) => {
    const r = read(text);
    if (r.ok) return r.value;
    ctx.addIssue({ code: 'custom', message: r.fix });
    return z.NEVER;
  });
}

/** A phone number argument, the client's `PhoneNumber`, checked before any API call. */
export function phoneArg(t: Messages, what: string) {
  return readArg((text) => readPhone(t, what, text));
}

/** A PIN argument, the client's `Pin`. */
export function pinArg(t: Messages) {
  return readArg((text) => readPin(t, text));
}

/** No arguments at all: `/balance`. */
export function noArgs(t: Messages, command: string) {
  return tokens.max(0, t.vNoArgs(command));
}

/** Exactly these positional arguments; `names` are the catalogue's words for them. */
export function positional<const T extends readonly z.ZodType<unknown, string>[]>(
  t: Messages,
  names: string[],
  items: T,
  optionalFrom = items.length,
) {
  return tokens.transform((list, ctx) => {
    if (list.length < optionalFrom || list.length > items.length) {
      ctx.addIssue({ code: 'custom', message: t.vCount(names, optionalFrom, items.length, list.length) });
      return z.NEVER;
    }
    const out: unknown[] = [];
    for (let i = 0; i < list.length; i++) {
      const r = items[i]!.safeParse(list[i]);
      if (!r.success) {
        ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? t.vMissing(names[i] ?? '') });
        return z.NEVER;
      }
      out.push(r.data);
    }
    return out as { [K in keyof T]: z.output<T[K]> | undefined };
  });
}

export interface CdrQuery {
  from: CalendarDate;
  to: CalendarDate;
  count: number;
  csv: boolean;
}

/**
 * `[from] [to] [n] [csv]`: dates in any natural form (read in the user's zone), a count, and `csv`
 * for a file. Defaults: the last 30 days, 20 records.
 */
export function cdrQueryArgs({ t, timeZone, now }: ArgsEnv) {
  return tokens.transform((list, ctx): CdrQuery => {
    const dates: CalendarDate[] = [];
    let count: number | undefined;
    let csv = false;
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    for (const tok of list) {
      if (tok.toLowerCase() === 'csv') {
        csv = true;
      } else if (looksLikeDate(tok)) {
        const d = parseNaturalDate(tok, now(), timeZone);
        if (!d) return fail(t.vNotADate(tok.slice(0, 30)));
        if (dates.length === 2) return fail(t.vTooManyDates);
        dates.push(d);
      } else if (/^\d{1,4}$/.test(tok) && count === undefined) {
        count = Number(tok);
        if (count < 1 || count > 500) return fail(t.vRecordCount);
      } else {
        return fail(t.vDateOrCount(tok.slice(0, 30)));
      }
    }
    const from = dates[0] ?? parseNaturalDate('30d', now(), timeZone)!;
    const to = dates[1] ?? parseNaturalDate('today', now(), timeZone)!;
    if (compareDates(from, to) > 0) return fail(t.vStartAfterEnd);
    return { from, to, count: count ?? 20, csv };
  });
}
