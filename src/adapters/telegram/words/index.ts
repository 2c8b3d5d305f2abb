import type { ChannelWords } from '../../../core/index.js';
import { telegramDe } from './de.js';
import { type TelegramWords, telegramEn } from './en.js';

/** The Telegram adapter's own sentences in every language the core speaks (docs/language.md §1.2). */
export const telegramWords: ChannelWords<TelegramWords> = { en: telegramEn, de: telegramDe };

export type { TelegramWords };
