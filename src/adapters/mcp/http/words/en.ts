/** English: the authorization page an assistant opens (docs/mcp.md §8.2). The adapter's own words. */
export const pageEn = {
  lang: 'en',
  title: 'Connect an assistant to your telephony bot',
  asks: (client: string) => `"${client}" asks to act for you through the bot.`,
  send: 'To approve, send this from your own private chat with the bot:',
  orOpen: 'On Telegram, or open:',
  openTelegram: 'Open the chat in Telegram',
  check:
    'The bot then shows you the assistant and where it returns, with Confirm and Cancel. Approve only if you started this yourself just now.',
  waiting: 'Waiting for your answer in the chat…',
  approved: 'Approved. Returning to your assistant…',
  denied: 'Denied: the assistant was not connected. You can close this page.',
  expired:
    'This request expired (a code works for a few minutes, once). Start connecting again from your assistant.',
  expiresIn: (minutes: number) => `The code works for ${minutes} minutes, once.`,
};

export type PageWords = typeof pageEn;

/** English: the one-time page where a person types a PIN for their assistant's call (docs/mcp.md §4.5). */
export const pinPageEn = {
  lang: 'en',
  title: 'Enter your PIN',
  explain:
    'Your assistant asked for a PIN. Type it here, not to the assistant: it goes to the bot only, and the assistant never sees it.',
  label: 'PIN',
  submit: 'Send',
  once: 'This page works once, for 5 minutes.',
  gone: 'This page has expired or was used already. Ask your assistant again for a new one.',
};

export type PinPageWords = typeof pinPageEn;
