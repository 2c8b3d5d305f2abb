import type { proactiveEn } from '../en/proactive.js';

/** German: the bot speaking first (docs/proactive.md §4.1): alerts, call reports, spend charts, digests. Typed as the English area, so a missing key fails the type check. */
export const proactiveDe: typeof proactiveEn = {
  alertFix: 'geben Sie die Schwelle als Betrag an, z. B. 5 oder 5,00 €, oder off',
  spendPeriodFix: 'geben Sie einen Zeitraum an, z. B. 7d, 30d, 12w oder 3m (höchstens ein Jahr)',
  spendOnePeriod: 'geben Sie einen Zeitraum an, z. B. /spend 30d',
  digestFix: 'sagen Sie weekly oder off, z. B. /digest weekly',
  alertSet: (threshold: string, balance: string) =>
    `Ich sage Ihnen einmal Bescheid, wenn das Guthaben unter ${threshold} fällt. Jetzt sind es ${balance}.`,
  alertSetAlreadyBelow: (threshold: string, balance: string) =>
    `Das Guthaben beträgt ${balance} und liegt schon unter ${threshold}. Ich warne beim nächsten Unterschreiten, nachdem es wieder darüber gestiegen ist.`,
  alertSetInChannel: 'Warnungen für das Team-Konto kommen in diesen Kanal.',
  alertShow: (threshold: string, armed: boolean) =>
    armed
      ? `Sie werden gewarnt, wenn das Guthaben unter ${threshold} fällt. Ändern mit /alert <Betrag>, beenden mit /alert off.`
      : `Warnung bei ${threshold}: schon gesendet; sie wird wieder scharf, wenn das Guthaben darüber steigt (oder nach einer Aufladung).`,
  alertPaused: (reason: string) =>
    `Warnungen sind pausiert, weil ich die letzte nicht zustellen konnte (${reason}). Setzen Sie die Schwelle neu, um sie fortzusetzen.`,
  alertNone:
    'Keine Guthabenwarnung gesetzt. Setzen Sie eine mit /alert 5 (Betrag in der Währung Ihres Kontos).',
  alertOff: 'Guthabenwarnung ausgeschaltet.',
  alertOffNone: 'Es gab keine Guthabenwarnung zum Ausschalten.',
  alertCurrencyMismatch: (given: string, account: string) =>
    `Dieses Konto führt ${account}, nicht ${given}. Geben Sie die Schwelle in ${account} an, z. B. /alert 5.`,
  alertLowTitle: 'Guthaben niedrig',
  alertLow: (label: string, balance: string, threshold: string) =>
    `Das Guthaben von „${label}“ beträgt ${balance}, unter Ihrer Warnschwelle von ${threshold}.`,
  alertLowPublic: (label: string) =>
    `Das Guthaben von „${label}“ ist unter die Warnschwelle gefallen. Support-Mitarbeiter sehen es mit /balance.`,
  alertTopUpButton: 'Aufladen',
  alertChangeButton: 'Schwelle ändern',
  callReportTitle: 'Anruf beendet',
  callReportEnded: (a: string, b: string) => `+${a} → +${b}`,
  fieldDuration: 'Dauer',
  fieldCost: 'Kosten',
  callReportCostPrivately: 'Die Kosten habe ich dem Anrufer privat geschickt.',
  callReportLimit: (minutes: number) => `Er endete an der Höchstdauer des Anbieters von ${minutes} Minuten.`,
  callReportAmbiguous: (count: number, b: string) =>
    `${count} Anrufe zu +${b} liefen etwa zur selben Zeit, und ihre Verbindungsnachweise verraten nicht, welcher dieser Anruf war; daher zeige ich hier weder Dauer noch Kosten. Alle zeigt /cdrs today.`,
  callReportUnsure: (b: string) =>
    `Die Verbindungsnachweise enthalten einen Anruf zu +${b} nahe der Zeit dieses Anrufs, aber nicht genau zu ihr; ob es dieser war, kann ich nicht sagen. Siehe /cdrs today.`,
  callHangingUp: 'Wird aufgelegt …',
  callReportNone: (minutes: number) =>
    `Innerhalb von ${minutes} Minuten ist kein Verbindungsnachweis erschienen. Prüfen Sie mit /cdrs today.`,
  spendTitle: (from: string, to: string) => `Ausgaben ${from} – ${to}`,
  spendCaption: (total: string, calls: number, from: string, to: string) =>
    `${total} für ${calls} ${calls === 1 ? 'Anruf' : 'Anrufe'}, ${from} – ${to}`,
  spendNone: (from: string, to: string) =>
    `Keine Anrufe zwischen ${from} und ${to}, also nichts zu zeichnen.`,
  spendCapped: (n: number) =>
    `Gelesen wurden nur die letzten ${n} Anrufe: Der Zeitraum enthält mehr, die Summe ist also mindestens diese. Ein kürzerer Zeitraum zeigt alle.`,
  spendPerDay: 'Ausgaben pro Tag',
  spendTopDestinations: 'Teuerste Ziele',
  digestOn:
    'Jeden Montag schicke ich Ihnen die Ausgaben der Vorwoche, ein Diagramm und das Guthaben. /digest off beendet das.',
  digestOff: 'Wöchentliche Übersicht ausgeschaltet.',
  digestShow: (on: boolean) =>
    on
      ? 'Die wöchentliche Übersicht ist an. /digest off beendet sie.'
      : 'Die wöchentliche Übersicht ist aus. /digest weekly startet sie.',
  digestTitle: (from: string, to: string) => `Ihre Woche ${from} – ${to}`,
  digestText: (total: string, calls: number, balance: string) =>
    `${total} für ${calls} ${calls === 1 ? 'Anruf' : 'Anrufe'} ausgegeben. Guthaben jetzt: ${balance}.`,
};
