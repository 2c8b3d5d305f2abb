import { de } from './messages/de.js';
import { en } from './messages/en.js';

/**
 * Every user-facing string, in one typed catalogue (docs/language.md §1.1): replies, labels, table
 * headers, help, command summaries and menus, validation messages, and the few strings adapters
 * write themselves (Telegram notices, Slack modals, the console). Strings are plain text: adapters
 * escape them for their markup. Each language is composed from one file per area in
 * src/core/messages/<language>/; `de` is typed `Messages` (and each German area as its English
 * one), so a key missing in German fails the type check; test/core/catalogue.test.ts checks that no
 * German string is left in English.
 */
export type Language = 'en' | 'de';
export type Messages = typeof en;

export const catalogues: Record<Language, Messages> = { en, de };

export { de, en };

/** The language of a BCP 47 locale (`de-DE`, `de_AT.UTF-8`) we have a catalogue for, else English. */
export function languageOf(locale: string | undefined): Language {
  const lang = (locale ?? '').toLowerCase().split(/[-_.]/)[0];
  return lang === 'de' ? 'de' : 'en';
}

/** The catalogue for a BCP 47 locale, falling back to English. */
export function messagesFor(locale: string | undefined): Messages {
  return catalogues[languageOf(locale)];
}
