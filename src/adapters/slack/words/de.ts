import type { SlackWords } from './en.js';

/** German: the Slack adapter's own sentences, typed as the English ones, so a missing key fails the type check. */
export const slackDe: SlackWords = {
  privateConversation: {
    sentToYou: (_name: string) => 'Das habe ich Ihnen als Direktnachricht geschickt.',
    sentTo: (name: string) => `${name}, das habe ich Ihnen als Direktnachricht geschickt.`,
    fileSentTo: (file: string) => `Ich habe Ihnen ${file} als Direktnachricht geschickt.`,
    cantReach: (name: string) =>
      `${name}, ich kann Ihnen noch keine Direktnachricht schicken. Öffnen Sie meinen Tab „Nachrichten“ und fragen Sie dann erneut.`,
  },
  passwordInCommand: (command: string, modal: string) =>
    `Das habe ich nicht verwendet: Passwörter gehören nicht in den Befehlstext, den Slack anzeigt und speichert. Tippen Sie nur ${command} ${modal} und füllen Sie das Formular aus, das sich öffnet. War das ein echtes Passwort, ändern Sie es besser.`,
  setupInChannel: (command: string) =>
    `Führen Sie ${command} team setup in dem Kanal aus, der ein Support-Kanal werden soll.`,
  passwordExposed:
    'Das Passwort, das Sie getippt haben, können alle in diesem Kanal lesen, und Slack lässt mich Ihre Nachricht nicht löschen. Ändern Sie es jetzt bei Ihrem Anbieter; ich habe es nicht verwendet.',
  passwordHint:
    'Slack hat kein Passwortfeld, daher zeigt dieses Feld, was Sie tippen; es geht nur an den Bot und wird nie gepostet.',
  linkIntroAccount:
    'Verknüpfen Sie Ihr *Telefonkonto*. Ich prüfe die Zugangsdaten beim Anbieter, bevor ich sie speichere.',
  linkIntroCard:
    'Verknüpfen Sie Ihre Zugangsdaten zur *PIN-Erstellung (Karten)*. Ich prüfe sie beim Anbieter, bevor ich sie speichere.',
  username: 'Benutzername',
  password: 'Passwort',
  linkTitle: 'Konto verknüpfen',
  linkCardTitle: 'Kartenkonto verknüpfen',
  linkSubmit: 'Verknüpfen',
  cancel: 'Abbrechen',
  close: 'Schließen',
  setupIntro:
    'Support-Mitarbeiter in diesem Kanal handeln mit den Zugangsdaten des Teams. Alle anderen werden abgewiesen.',
  accountUsername: 'Benutzername des Kontos',
  accountPassword: 'Passwort des Kontos',
  cardUsername: 'Benutzername für Karten (PIN-Erstellung)',
  cardPassword: 'Passwort für Karten (PIN-Erstellung)',
  agents: 'Support-Mitarbeiter',
  pickPeople: 'Personen wählen',
  group: 'Oder eine Benutzergruppen-ID',
  groupHint:
    'Mitglieder dieser Benutzergruppe sind ebenfalls Support-Mitarbeiter. Die ID finden Sie unter „Gruppen-ID kopieren“.',
  setupTitle: 'Support-Kanal',
  setupSubmit: 'Einrichten',
  cardBothOrNeither: 'Geben Sie Benutzername und Passwort für Karten beide an, oder keines von beiden.',
  groupId: 'Eine Benutzergruppen-ID beginnt mit S, z. B. S0123ABCD.',
  agentsNeeded: 'Nennen Sie mindestens einen Support-Mitarbeiter oder eine Benutzergruppe.',
  formExpired: 'Dieses Formular ist abgelaufen; öffnen Sie es erneut.',
  checking: 'Ich prüfe beim Anbieter…',
  refused: 'Abgelehnt.',
  partInConversation:
    'Den Teil mit Schaltflächen oder einer Datei finden Sie in der Unterhaltung, als Nachricht von mir.',
  buttonsExpire: (time: string) => `Die Schaltflächen laufen um ${time} ab.`,
  shortened: '… gekürzt, damit es in eine Slack-Nachricht passt.',
  fileFailed: (name: string) =>
    `Ich konnte ${name} nicht hochladen. Ist die App Mitglied dieser Unterhaltung?`,
  supportLog: (day: string) => `Support-Protokoll vom ${day}`,
  pinTitle: 'Aufladen',
  pinIntro:
    'Geben Sie die PIN von Ihrer Karte ein. Nur Sie sehen dieses Formular; ich frage nach, bevor sie verwendet wird.',
  pin: 'PIN',
  pinHint: 'Die Ziffern von Ihrer Prepaid-Karte, z. B. 1234567890.',
  pinSubmit: 'Weiter',
  opening: 'Einen Moment…',
  agentView: {
    prompts: [
      { title: 'Guthaben', message: 'balance' },
      { title: 'Letzte 10 Anrufe', message: 'cdrs 10' },
      { title: 'Karte sperren', message: 'card block' },
    ],
    offer: (channel: string, account: string) =>
      `Du siehst dir ${channel} an: das Konto von ${account} verwenden? Ich prüfe jedes Mal, ob du dort Agent bist.`,
    use: (account: string) => `${account} verwenden`,
    keep: 'Mein eigenes Konto',
    actingAs: (channel: string, account: string) =>
      `Als Agent von ${channel}, mit dem Konto von ${account} (dort protokolliert).`,
    notAgent: (channel: string) =>
      `Du bist kein Agent von ${channel} mehr; ich antworte mit deinem eigenen Konto.`,
    own: 'Ich antworte mit deinem eigenen Konto.',
    audit: 'agent view',
  },
  workObject: {
    link: 'Link',
    card: 'Prepaid-Karte',
    call: 'Anruf',
    linkFirst: 'Verknüpfe dieses Konto zuerst, um hier sein Guthaben und seine Anrufe zu sehen.',
    notYours: 'Dieser Link gehört zu einem Konto, mit dem du nicht verknüpft bist.',
  },
};
