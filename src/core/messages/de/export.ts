import { plural } from '../plural.js';

/** Deutsch: ein Zeitraum von Einzelverbindungen ganz gelesen, und der Fortschritt eines Exports. */
export const exportDe = {
  exportTitle: (from: string, to: string) => `Anrufe ${from} – ${to} werden gelesen`,
  exportStepRead: 'Einzelverbindungen Tag für Tag lesen',
  exportStepTotal: 'Zählen und summieren',
  exportStepFile: 'Datei erstellen',
  exportReadDetail: (daysRead: number, days: number, n: number) =>
    `${daysRead} von ${plural('de', days, 'einem Tag', `${days} Tagen`)} gelesen, ${plural('de', n, 'ein Anruf', `${n} Anrufe`)}`,
  exportReadDays: (daysRead: number, days: number) =>
    `${daysRead} von ${plural('de', days, 'einem Tag', `${days} Tagen`)} gelesen`,
  exportTotalDetail: (n: number, total: string) =>
    `${plural('de', n, 'ein Anruf', `${n} Anrufe`)}, zusammen ${total}`,
  exportFileDetail: (name: string) => `${name} folgt`,
  exportNoFile: 'Keine Datei: der Zeitraum wurde nicht ganz gelesen',
  cdrsFullDays: (days: string, limit: number) =>
    `Mindestens: am ${days} lieferte der Anbieter seine Grenze von ${limit} Anrufen für einen Tag und kann keinen Teil eines Tages lesen; dieser Tag kann mehr enthalten. Summen und Datei enthalten das Gelesene.`,
  cdrsReadFailed: (daysRead: number, days: number, n: number) =>
    `Ich habe nach ${daysRead} von ${plural('de', days, 'einem Tag', `${days} Tagen`)} (${plural('de', n, 'ein Anruf', `${n} Anrufe`)}) aufgehört, weil der Anbieter einen Fehler meldete. Ich habe keine Datei und keine Summe geschickt, da sie unvollständig wären. Versuchen Sie denselben Befehl noch einmal.`,
  cdrsReadStopped: (daysRead: number, days: number, n: number) =>
    `Wie gewünscht angehalten, nach ${daysRead} von ${plural('de', days, 'einem Tag', `${days} Tagen`)} (${plural('de', n, 'ein Anruf', `${n} Anrufe`)}). Ich habe keine Datei und keine Summe geschickt, da sie unvollständig wären.`,
};
