import type { TelegramWords } from './en.js';

/** German: the Telegram adapter's own sentences, typed as the English ones, so a missing key fails the type check. */
const toPrivateChat = (name: string) => `${name}, ich habe die Antwort in unseren privaten Chat geschickt.`;

export const telegramDe: TelegramWords = {
  privateConversation: {
    sentToYou: toPrivateChat,
    sentTo: toPrivateChat,
    fileSentTo: (file: string) => `Ich habe ${file} in unseren privaten Chat geschickt.`,
    cantReach: (name: string) =>
      `${name}, ich kann Ihnen noch nicht privat schreiben. Öffnen Sie einen privaten Chat mit mir, drücken Sie Start und fragen Sie dann erneut.`,
  },
  openPrivateChat: 'Privaten Chat öffnen',
  failed: 'Bei mir ist etwas schiefgegangen. Bitte versuchen Sie es gleich noch einmal.',
  otherBot: (command: string, bot: string, me: string) =>
    `${command} richtet sich an @${bot}, nicht an mich (@${me}). Für meinen Befehl senden Sie ihn ohne den Namen, z. B. ${command.split('@')[0]}`,
  channelPost: (link: string) =>
    `In Kanälen nehme ich keine Befehle an: Eine persönliche Antwort könnte dort niemand sehen. Schreiben Sie mir in einem privaten Chat (${link}) oder in einer Gruppe.`,
  postAsYourself: (command: string) =>
    `Sie schreiben anonym als Gruppe, daher weiß ich nicht, wessen ${command} das ist. Schalten Sie „Anonym bleiben“ aus (oder schreiben Sie mir privat) und senden Sie es noch einmal.`,
  editAfterChange: (command: string) =>
    `Sie haben einen Befehl bearbeitet, den ich schon ausgeführt hatte; die Änderung habe ich nicht ausgeführt. Senden Sie ihn dafür als neue Nachricht, z. B. ${command}`,
};
