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
