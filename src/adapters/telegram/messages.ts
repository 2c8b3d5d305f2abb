import { catalogues, type Language, type Messages } from '../../core/index.js';

/**
 * The few strings the Telegram adapter writes itself (delivery notices, the private-chat button):
 * the `telegram` part of the core's catalogue, in the reader's language (docs/language.md §1.2). Plain text: the
 * caller escapes.
 */
export type TelegramMessages = Messages['telegram'];

export const telegramMessages = (language: Language): TelegramMessages => catalogues[language].telegram;
