import type { deliveryEn } from '../en/delivery.js';

/** Deutsch: Worte, deren Versprechen davon abhängt, was der Kanal kann (capabilities.ts). */
const toPrivateChat = (name: string) => `${name}, ich habe die Antwort in unseren privaten Chat geschickt.`;

export const deliveryDe: typeof deliveryEn = {
  privateChat: {
    sentToYou: toPrivateChat,
    sentTo: toPrivateChat,
    fileSentTo: (file: string) => `Ich habe ${file} in unseren privaten Chat geschickt.`,
    cantReach: (name: string) =>
      `${name}, ich kann Ihnen noch nicht privat schreiben. Öffnen Sie einen privaten Chat mit mir und fragen Sie dann erneut.`,
  },

  linkAskPasswordKept: (username: string) =>
    `Senden Sie jetzt das Passwort für „${username}“. Ich behalte nur den md5-Wert, verschlüsselt.`,
  linkAskPasswordHidden: (username: string) =>
    `Geben Sie jetzt das Passwort für „${username}“ ein; es wird beim Tippen nicht angezeigt. Ich behalte nur den md5-Wert, verschlüsselt.`,
  linkUseForm:
    'Passwörter gehören hier in ein privates Formular, nie in eine Nachricht: Senden Sie /link und füllen Sie das Formular aus, das sich öffnet.',
  cardConfirmCreate: (cli: string, amount: string) =>
    `Eine Karte für +${cli} mit ${amount} anlegen? Der Betrag wird Ihrem Konto belastet.`,
  cardConfirmCreateNoAmount: (cli: string) =>
    `Eine Karte für +${cli} anlegen? Ihr Betrag wird Ihrem Konto belastet.`,
  helpConfirmSome: (which: string) => `Fragt vorher nach einer Bestätigung: ${which}.`,
  promptThreshold:
    'Senden Sie die neue Schwelle, z. B. 5,00, oder off, um den Alarm zu beenden. /cancel bricht ab.',
  formNotLinked:
    'Sie haben noch kein Konto verknüpft. Senden Sie /link: Ein privates Formular für das Passwort öffnet sich.',
  formNotLinkedCard:
    'Kartenbefehle brauchen das Konto zur PIN-Erstellung Ihres Anbieters. Senden Sie /link card: Ein privates Formular öffnet sich.',
  formLinkTypedInShared:
    'Tippen Sie nie ein Passwort in eine Nachricht. Senden Sie /link und nutzen Sie das private Formular, das sich öffnet.',
  formAccountsNone: 'Noch keine Konten verknüpft. Senden Sie /link: Ein privates Formular öffnet sich.',
  formHomeNotLinked:
    'Noch kein Konto verknüpft: Tippen Sie auf Einstellungen, dann auf Konto verknüpfen (ein privates Formular öffnet sich).',
  formWelcomeNotLinked:
    'Verknüpfen Sie zuerst Ihr Konto mit /link (ein privates Formular öffnet sich). Versuchen Sie dann /balance.',
  promptPinKept: 'Senden Sie mir die PIN von Ihrer Karte. /cancel bricht ab.',
  promptPinHidden:
    'Geben Sie die PIN von Ihrer Karte ein; sie wird beim Tippen nicht angezeigt. /cancel bricht ab.',
  promptPinInCommand:
    'Senden Sie die PIN mit dem Befehl, z. B. /topup 1234567890: Nur ich sehe, was Sie nach einem Befehl eingeben.',
};
