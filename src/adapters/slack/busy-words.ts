import { catalogues, languageOf } from '../../core/index.js';
import type { SlackDirectory } from './directory.js';

/**
 * "Busy, try again" in the reader's language (docs/language.md §1.2) when the directory has seen
 * them, else in English and German together. Never a `users.info` to find out: busy means the bot
 * must not add work (docs/reliability.md §2.2), and the HTTP ack says it before any lookup.
 */
export function busyWords(directory: Pick<SlackDirectory, 'known'>, team: unknown, user: unknown): string {
  // The HTTP ack reads them from the unparsed form, where a field may be missing or repeated.
  const seen = typeof team === 'string' && typeof user === 'string';
  const locale = seen ? directory.known(team, user)?.locale : undefined;
  if (locale) return catalogues[languageOf(locale)].busyTryAgain;
  return [catalogues.en.busyTryAgain, catalogues.de.busyTryAgain].join('\n\n');
}
