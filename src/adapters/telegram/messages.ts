/**
 * The few strings the Telegram adapter writes itself (delivery notices). Everything else comes from
 * the core's message catalogue. Plain text: the caller escapes. Kept in one object so a German
 * catalogue can follow (issue 4, "keep all user-facing strings in one message catalogue").
 */
export interface TelegramMessages {
  /** In a group, after a reply went to the user's private chat. */
  sentPrivately(name: string): string;
  /** In a group, when the private chat could not be reached (the user never pressed Start). */
  privateBlocked(name: string): string;
  /** Label of the deep-link button to the private chat. */
  openPrivateChat: string;
  /** An update failed unexpectedly. */
  failed: string;
}

export const telegramMessagesEn: TelegramMessages = {
  sentPrivately: (name) => `${name}, I sent the answer to our private chat.`,
  privateBlocked: (name) =>
    `${name}, I can't write to you privately yet. Open a private chat with me, press Start, then ask again.`,
  openPrivateChat: 'Open private chat',
  failed: 'Something went wrong on my side. Please try again in a moment.',
};
