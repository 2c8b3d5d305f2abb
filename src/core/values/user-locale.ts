import { catalogues, type Language, languageOf, type Messages } from '../messages.js';
import { createFormatter, type Formatter } from './format.js';

/** The user's language, catalogue and formatter for one request (docs/language.md §1.2). */
export interface UserLocale {
  readonly language: Language;
  readonly t: Messages;
  readonly fmt: Formatter;
}

export interface UserLocaleInput {
  /** What the user chose with `/language`: wins. */
  chosen?: string | undefined;
  /** The platform's hint: Telegram `language_code`, Slack's user locale, the console's `LANG`. */
  platform?: string | undefined;
  /** The user's `/timezone`, else the platform's (Slack `tz`); unknown means UTC, stated. */
  timeZone?: string | undefined;
}

/**
 * One rule for the language and formats: the chosen language wins over the platform's; numbers and
 * dates follow the same language (a German user never gets US dates inside German sentences, and
 * an English one no German decimals), keeping the platform's region when it speaks that language
 * (`de-AT`, `en-GB`).
 */
export function userLocale(input: UserLocaleInput): UserLocale {
  const language = languageOf(input.chosen ?? input.platform);
  const regional = input.platform && canonicalLocale(input.platform);
  const locale = regional && regional.split('-')[0]!.toLowerCase() === language ? regional : language;
  return {
    language,
    t: catalogues[language],
    fmt: createFormatter({ locale, timeZone: input.timeZone }),
  };
}

/** `de_AT.UTF-8` → `de-AT`; undefined for what is no BCP 47 tag (`C`, `POSIX`). */
function canonicalLocale(text: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(text.replace(/[.@].*$/, '').replace('_', '-'))[0];
  } catch {
    return undefined;
  }
}
