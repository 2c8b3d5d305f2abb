/**
 * English: the sentences the Telegram adapter writes itself, beside the core's catalogue (docs/language.md §1.2).
 * Their type is `TelegramWords`: the German file must have every key this one has.
 */
export const telegramEn = {
  openPrivateChat: 'Open private chat',
  failed: 'Something went wrong on my side. Please try again in a moment.',
  otherBot: (command: string, bot: string, me: string) =>
    `${command} is addressed to @${bot}, not to me (@${me}). For mine, send it without the name, e.g. ${command.split('@')[0]}`,
  channelPost: (link: string) =>
    `I do not take commands in channels: nobody could see a personal answer there. Write to me in a private chat (${link}) or in a group.`,
  postAsYourself: (command: string) =>
    `You are posting anonymously as the group, so I cannot tell whose ${command} this is. Switch "Remain anonymous" off (or write to me privately) and send it again.`,
  editAfterChange: (command: string) =>
    `You edited a command I had already carried out; I did not run the edit. To run it, send it as a new message, e.g. ${command}`,
};

export type TelegramWords = typeof telegramEn;
