import type { TeamsWords } from './en.js';

/** German: the Teams adapter's own sentences, typed as the English ones, so a missing key fails the type check. */
export const teamsDe: TeamsWords = {
  privateConversation: {
    sentToYou: (_name: string) => 'Ich habe die Antwort in unseren privaten Chat geschickt.',
    sentTo: (name: string) => `${name}, ich habe die Antwort in unseren privaten Chat geschickt.`,
    fileSentTo: (file: string) => `Ich habe ${file} in unseren privaten Chat geschickt.`,
    cantReach: (name: string) =>
      `${name}, ich kann Ihnen noch nicht persönlich schreiben. Öffnen Sie den Chat der App Telephony (Apps → Telephony → Chat) und fragen Sie dann erneut.`,
  },
  linkIntroAccount:
    'Verknüpfen Sie Ihr **Telefonkonto**. Ich prüfe die Zugangsdaten beim Anbieter, bevor ich sie speichere.',
  linkIntroCard:
    'Verknüpfen Sie Ihre Zugangsdaten zur **PIN-Erstellung (Karten)**. Ich prüfe sie beim Anbieter, bevor ich sie speichere.',
  pinIntro: 'Geben Sie die Aufladungs-PIN ein. Nur Sie sehen diese Karte.',
  username: 'Benutzername',
  password: 'Passwort',
  pin: 'PIN',
  linkSubmit: 'Verknüpfen',
  pinSubmit: 'Aufladen',
  cancel: 'Abbrechen',
  cancelled: 'Abgebrochen. Nichts wurde verknüpft oder gesendet.',
  formUsed: 'Gesendet. Die Karte behält nichts von dem, was Sie getippt haben.',
  working: 'Ich arbeite daran; die Antwort folgt hier.',
  formAlreadySent:
    'Bereits gesendet: Diese Karte wurde schon einmal abgeschickt und läuft nur einmal. Die Antwort steht in diesem Chat oder auf der Karte; sehen Sie keine, senden Sie den Befehl erneut, z. B. topup.',
  formMissing: 'Füllen Sie jedes Feld aus und drücken Sie dann erneut auf die Schaltfläche.',
  fileOffered: (name: string) =>
    `${name}: Ihr Export. Nehmen Sie ihn an, um ihn in Ihrem OneDrive zu speichern.`,
  fileSent: (name: string) =>
    `Gesendet: ${name} liegt in Ihrem OneDrive; öffnen Sie die Datei über die Karte unten.`,
  fileDeclined: (name: string) =>
    `Nicht gesendet: ${name}. Fragen Sie erneut, wenn Sie die Datei möchten, z. B. cdrs 7d today csv.`,
  fileGone:
    'Diese Datei habe ich nicht mehr (Dateien warten nur eine Weile und nicht über einen Neustart hinweg). Fragen Sie erneut, z. B. cdrs 7d today csv.',
  fileFailed: (name: string) =>
    `Ich konnte ${name} nicht in Ihrem OneDrive speichern. Fragen Sie gleich erneut, z. B. cdrs 7d today csv.`,
  setupIntro:
    'Richten Sie diesen Kanal als **Support-Kanal** ein: Seine Agenten handeln mit dem Telefonkonto des Teams. Ich prüfe die Zugangsdaten beim Anbieter, bevor ich sie speichere. Nur Sie sehen diese Karte.',
  setupAccountUser: 'Benutzername des Kontos',
  setupAccountPassword: 'Passwort des Kontos',
  setupCardUser: 'Benutzername zur PIN-Erstellung (Karten), optional',
  setupCardPassword: 'Passwort zur PIN-Erstellung (Karten), optional',
  setupAgents: 'Agenten (Mitglieder dieses Teams)',
  setupMore: (shown: number) => `Nur die ersten ${shown} Mitglieder des Teams sind aufgeführt.`,
  setupSubmit: 'Einrichten',
  setupUsed:
    'Erledigt: Die Bestätigung steht im Kanal. Die Karte behält nichts von dem, was Sie getippt haben.',
  setupStale: 'Diese Karte ist veraltet. Senden Sie @Telephony team setup erneut im Kanal.',
  setupCardPair:
    'Füllen Sie für die Zugangsdaten zur PIN-Erstellung Benutzername und Passwort aus, oder keines von beiden.',
  supportLog: (day: string) => `Support-Protokoll vom ${day}`,
};
