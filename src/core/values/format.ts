import type { DayFields } from '../../telephony/dates.js';
import { type Money, moneyToDecimalString } from '../../telephony/money.js';

/**
 * Locale- and zone-aware formatting, the one place for the money and date rules (docs/language.md §2.4, §3).
 * Money is formatted from its exact decimal string, never via a float: Intl.NumberFormat formats a
 * decimal *string* exactly and rounds it half-expand (ECMA-402 NumberFormat v3).
 */
export interface Formatter {
  readonly locale: string;
  /** The IANA zone times are shown in; `UTC` when nothing is known. */
  readonly timeZone: string;
  /** Whether the zone came from the user or the platform (else `UTC` is stated with each time). */
  readonly timeZoneKnown: boolean;
  /** Balances, totals and amounts: the currency's own minor units (`€28.31`, `28,31 €`). */
  money(m: Money, fallbackCurrency?: string): string;
  /** A per-minute price: the currency's digits, up to 4 when they matter (`€0.079`, `€0.10`). */
  price(m: Money, fallbackCurrency?: string): string;
  /** A column of prices with one number of decimals for all, so the column reads evenly. */
  prices(list: readonly Money[], fallbackCurrency?: string): string[];
  /** A moment's day, in the zone. */
  date(d: Date): string;
  /** A moment, in the zone (`Nov 5, 2026, 7:02 PM`, `05.11.2026, 19:02`); `… UTC` when the zone is unknown. */
  dateTime(d: Date): string;
  /** A calendar day (the CDR filters): no zone applies. */
  calendarDate(d: DayFields): string;
  duration(seconds: number): string;
  integer(n: number): string;
}

export interface FormatterOptions {
  /** BCP 47 locale, e.g. `de-DE`. Default `en`. */
  locale?: string;
  /** IANA time zone; undefined when unknown (then UTC, stated). */
  timeZone?: string | undefined;
}

const MAX_PRICE_DIGITS = 4;
const cache = new Map<string, Formatter>();

/** Intl formatters are costly to build (≈ms each): one Formatter per locale and zone, reused. */
export function createFormatter(options: FormatterOptions | string = {}): Formatter {
  const o = typeof options === 'string' ? { locale: options } : options;
  const key = `${o.locale ?? 'en'}|${o.timeZone ?? ''}`;
  let f = cache.get(key);
  if (!f) {
    f = buildFormatter(o.locale ?? 'en', o.timeZone);
    if (cache.size < 500) cache.set(key, f);
  }
  return f;
}

/** Whether `zone` is an IANA time zone name Intl knows. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function buildFormatter(locale: string, zone: string | undefined): Formatter {
  const safeLocale = Intl.NumberFormat.supportedLocalesOf([locale])[0] ?? 'en';
  const timeZoneKnown = zone !== undefined && isTimeZone(zone);
  const timeZone = timeZoneKnown ? zone! : 'UTC';
  const numberFormat = numberFormats(safeLocale);
  const dateFmt = new Intl.DateTimeFormat(safeLocale, { dateStyle: 'medium', timeZone });
  const dateTimeFmt = new Intl.DateTimeFormat(safeLocale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  const calendarFmt = new Intl.DateTimeFormat(safeLocale, { dateStyle: 'medium', timeZone: 'UTC' });
  const intFmt = new Intl.NumberFormat(safeLocale, { maximumFractionDigits: 0 });
  return {
    locale: safeLocale,
    timeZone,
    timeZoneKnown,
    money(m, fallback) {
      const currency = currencyOf(m, fallback);
      const digits = minorDigits(currency);
      return numberFormat(currency, digits, digits).format(exact(m));
    },
    price(m, fallback) {
      const currency = currencyOf(m, fallback);
      const digits = priceDigits(m, currency);
      return numberFormat(currency, digits, digits).format(exact(m));
    },
    prices(list, fallback) {
      if (!list.length) return [];
      const digits = Math.max(...list.map((m) => priceDigits(m, currencyOf(m, fallback))));
      return list.map((m) => numberFormat(currencyOf(m, fallback), digits, digits).format(exact(m)));
    },
    date: (d) => dateFmt.format(d),
    dateTime: (d) => (timeZoneKnown ? dateTimeFmt.format(d) : `${dateTimeFmt.format(d)} UTC`),
    calendarDate: (d) => calendarFmt.format(new Date(Date.UTC(d.year, d.month - 1, d.day, 12))),
    duration: formatDuration,
    integer: (n) => intFmt.format(n),
  };
}

/** Number formats of one locale by currency and digits, built once each. */
function numberFormats(locale: string): (currency: string, min: number, max: number) => Intl.NumberFormat {
  const formats = new Map<string, Intl.NumberFormat>();
  return (currency, min, max) => {
    const key = `${currency}:${min}:${max}`;
    let nf = formats.get(key);
    if (!nf) {
      const digits = { minimumFractionDigits: min, maximumFractionDigits: max };
      nf = isCurrency(currency)
        ? new Intl.NumberFormat(locale, { style: 'currency', currency, ...digits })
        : new Intl.NumberFormat(locale, digits);
      formats.set(key, nf);
    }
    return nf;
  };
}

/** The exact decimal string goes to Intl; typed `number` only because lib.d.ts lags ES2023. */
const exact = (m: Money) => moneyToDecimalString(m) as unknown as number;
const currencyOf = (m: Money, fallback?: string) => m.currency || fallback || '';

/** A price shows its significant decimals (a rate of 0.0123), at least the currency's, at most MAX_PRICE_DIGITS. */
function priceDigits(m: Money, currency: string): number {
  const fraction = moneyToDecimalString(m).split('.')[1]?.replace(/0+$/, '') ?? '';
  return Math.min(MAX_PRICE_DIGITS, Math.max(minorDigits(currency), fraction.length));
}

/** `m:ss`, or `h:mm:ss` from an hour on. */
function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = String(m).padStart(h ? 2 : 1, '0');
  return `${h ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

function isCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}

const minorDigitsCache = new Map<string, number>();

/** The currency's own minor units (ISO 4217 via Intl): EUR 2, JPY 0, BHD 3; 2 for an unknown code. */
export function minorDigits(currency: string): number {
  let d = minorDigitsCache.get(currency);
  if (d === undefined) {
    d = isCurrency(currency)
      ? (new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2)
      : 2;
    minorDigitsCache.set(currency, d);
  }
  return d;
}
