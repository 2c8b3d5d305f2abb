import { de } from './messages/de.js';
import { en } from './messages/en.js';

/**
 * Every user-facing string, in one typed catalogue (docs/language.md §1.1): replies, labels, table
 * headers, help, command summaries and menus, validation messages. The sentences a channel writes
 * itself live with its adapter, as {@link ChannelWords} (docs/language.md §1.2). Strings are plain text: adapters
 * escape them for their markup. Each language is composed from one file per area in
 * src/core/messages/<language>/; `de` is typed `Messages` (and each German area as its English
 * one), so a key missing in German fails the type check; test/core/catalogue.test.ts checks that no
 * German string is left in English.
 */
export type Language = 'en' | 'de';
export type Messages = typeof en;

export const catalogues: Record<Language, Messages> = { en, de };

export { de, en };

/**
 * A channel's own sentences, one set per language, kept by its adapter (docs/language.md §1.2). The
 * adapter types its German set as its English one, so a missing key fails the type check.
 */
export type ChannelWords<T> = Readonly<Record<Language, T>>;

/** A channel's words in a language; English when the reader's language is not known. */
export function wordsIn<T>(words: ChannelWords<T>, language: Language | undefined): T {
  return words[language ?? 'en'];
}

/** The language of a BCP 47 locale (`de-DE`, `de_AT.UTF-8`) we have a catalogue for, else English. */
export function languageOf(locale: string | undefined): Language {
  const lang = (locale ?? '').toLowerCase().split(/[-_.]/)[0];
  return lang === 'de' ? 'de' : 'en';
}

/** The catalogue for a BCP 47 locale, falling back to English. */
export function messagesFor(locale: string | undefined): Messages {
  return catalogues[languageOf(locale)];
}
