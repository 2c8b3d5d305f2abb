/**
 * English: the sentences the Telegram adapter writes itself, beside the core's catalogue (docs/language.md §1.2).
 * Their type is `TelegramWords`: the German file must have every key this one has.
 */
const toPrivateChat = (name: string) => `${name}, I sent the answer to our private chat.`;

export const telegramEn = {
  /** Where an answer went: Telegram's private chat with the bot (the channel's `privateWords`). */
  privateConversation: {
    sentToYou: toPrivateChat,
    sentTo: toPrivateChat,
    fileSentTo: (file: string) => `I sent ${file} to our private chat.`,
    cantReach: (name: string) =>
      `${name}, I can't write to you privately yet. Open a private chat with me, press Start, then ask again.`,
  },
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
