import type { ChannelWords } from '../../../core/index.js';
import { consoleDe } from './de.js';
import { type ConsoleWords, consoleEn } from './en.js';

/** The Console adapter's own sentences in every language the core speaks (docs/language.md §1.2). */
export const consoleWords: ChannelWords<ConsoleWords> = { en: consoleEn, de: consoleDe };

export type { ConsoleWords };
