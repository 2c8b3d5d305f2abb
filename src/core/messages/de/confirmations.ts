import type { confirmationsEn } from '../en/confirmations.js';
import { plural } from '../plural.js';

/** German: confirmations, group settings and support channels. Typed as the English area, so a missing key fails the type check. */
export const confirmationsDe: typeof confirmationsEn = {
  confirmButton: 'Bestätigen',
  cancelButton: 'Abbrechen',
  confirmExpired:
    'Diese Bestätigung ist abgelaufen oder wurde schon verwendet. Senden Sie den Befehl noch einmal.',
  confirmNotYours: 'Nur die Person, die gefragt hat, kann das drücken.',
  confirmCancelled: 'Abgebrochen. Es wurde nichts geändert.',
  confirmExpiresIn: (minutes: number) =>
    `Bitte innerhalb von ${plural('de', minutes, 'einer Minute', `${minutes} Minuten`)} bestätigen.`,
  confirmEdited: (command: string) =>
    `Sie haben eine frühere Nachricht zu ${command} bearbeitet; das wirkt sofort und lässt sich nicht zurücknehmen. So ausführen?`,
  working: 'Ich bin dabei…',
  confirmDonePrivately: 'Erledigt: Das Ergebnis habe ich Ihnen privat geschickt.',
  confirmFailedPrivately: 'Nicht erledigt: Den Grund habe ich Ihnen privat geschickt.',
  confirmDoneShownToYou: 'Erledigt: Das Ergebnis sehen nur Sie, hier.',
  confirmFailedShownToYou: 'Nicht erledigt: Den Grund sehen nur Sie, hier.',
  buttonRunning: 'Das läuft bereits; die Antwort folgt.',
  buttonExpired: 'Diese Schaltfläche ist abgelaufen. Senden Sie den Befehl noch einmal.',
  buttonLabelExpired: 'Abgelaufen',
  buttonLabelRunning: 'Läuft…',
  buttonLabelCallEnded: 'Anruf beendet',
  buttonLabelCancelled: 'Abgebrochen',
  buttonLabelDecided: 'Entschieden',

  groupDataOn: 'Guthaben, Anrufe und andere persönliche Daten dürfen jetzt in dieser Gruppe erscheinen.',
  groupDataOff: 'Persönliche Daten werden jetzt privat geschickt statt in diese Gruppe.',
  groupDataAdminOnly: 'Nur ein Gruppen-Admin kann das ändern.',
  supportSetupDone: (agents: number) =>
    `Dieser Kanal ist jetzt ein Support-Kanal mit ${plural('de', agents, 'einem Support-Mitarbeiter', `${agents} Support-Mitarbeitern`)}. Sie handeln mit den Zugangsdaten des Teams; jede Änderung wird protokolliert.`,
  supportAdminOnly: 'Nur ein Admin dieses Workspace oder Teams kann einen Support-Kanal einrichten.',
  supportNeedsShared: 'Ein Support-Kanal muss ein Kanal sein, keine Direktnachricht.',
  auditTitle: 'Protokoll',
  auditNone: 'Noch keine protokollierten Aktionen.',
  colWhen: 'Wann',
  colWho: 'Wer',
  colCommand: 'Befehl',
  colTarget: 'Ziel',
  colOutcome: 'Ergebnis',
  outcomes: {
    ok: 'erledigt',
    refused: 'abgelehnt',
    failed: 'fehlgeschlagen',
    unknown: 'unbekannt',
  } as Record<string, string>,
  auditNote: (who: string, what: string, outcome: string) => `${who} hat ${what} ausgeführt: ${outcome}`,
};
