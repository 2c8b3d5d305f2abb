import type { Language } from '../../core/index.js';
import { type TelegramWords, telegramWords } from './words/index.js';

/**
 * The few strings the Telegram adapter writes itself (delivery notices, the private-chat button),
 * kept with the adapter in src/adapters/telegram/words/, in the reader's language (docs/language.md
 * §1.2). Plain text: the caller escapes.
 */
export type TelegramMessages = TelegramWords;

export const telegramMessages = (language: Language): TelegramMessages => telegramWords[language];
