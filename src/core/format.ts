import { type Money, moneyToDecimalString } from '../telephony/money.js';

/** Locale-aware formatting. Money is formatted from its exact decimal string, never via a float. */
export interface Formatter {
  readonly locale: string;
  money(m: Money, fallbackCurrency?: string): string;
  date(d: Date): string;
  dateTime(d: Date): string;
  duration(seconds: number): string;
  integer(n: number): string;
}

const cache = new Map<string, Formatter>();

/** Intl formatters are costly to build (≈ms each): one Formatter per locale, reused. */
export function createFormatter(locale = 'en'): Formatter {
  let f = cache.get(locale);
  if (!f) {
    f = buildFormatter(locale);
    if (cache.size < 100) cache.set(locale, f);
  }
  return f;
}

function buildFormatter(locale: string): Formatter {
  const moneyFormats = new Map<string, Intl.NumberFormat>();
  const safeLocale = Intl.NumberFormat.supportedLocalesOf([locale])[0] ?? 'en';
  const dateFmt = new Intl.DateTimeFormat(safeLocale, { dateStyle: 'medium', timeZone: 'UTC' });
  const dateTimeFmt = new Intl.DateTimeFormat(safeLocale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  const intFmt = new Intl.NumberFormat(safeLocale, { maximumFractionDigits: 0 });
  return {
    locale: safeLocale,
    money(m, fallbackCurrency) {
      const currency = m.currency || fallbackCurrency || '';
      const digits = { minimumFractionDigits: 2, maximumFractionDigits: Math.max(2, m.scale) };
      // Intl formats a decimal *string* exactly (ECMA-402 NumberFormat v3): no float on the way.
      const exact = moneyToDecimalString(m) as unknown as number;
      const key = `${currency}:${digits.maximumFractionDigits}`;
      let nf = moneyFormats.get(key);
      if (!nf) {
        nf = /^[A-Z]{3}$/.test(currency)
          ? new Intl.NumberFormat(safeLocale, { style: 'currency', currency, ...digits })
          : new Intl.NumberFormat(safeLocale, digits);
        moneyFormats.set(key, nf);
      }
      return nf.format(exact);
    },
    date: (d) => dateFmt.format(d),
    dateTime: (d) => `${dateTimeFmt.format(d)} UTC`,
    duration(seconds) {
      const h = Math.floor(seconds / 3600);
      const m = Math.floor((seconds % 3600) / 60);
      const s = seconds % 60;
      const mm = String(m).padStart(h ? 2 : 1, '0');
      return `${h ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
    },
    integer: (n) => intFmt.format(n),
  };
}

/** `+49 30 1234567`-style display of E.164 digits is left to the caller; this masks for shared chats. */
export function maskDigits(digits: string): string {
  if (digits.length <= 6) return digits;
  return `${digits.slice(0, 4)}…${digits.slice(-3)}`;
}
