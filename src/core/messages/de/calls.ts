import type { callsEn } from '../en/calls.js';
import { plural } from '../plural.js';

/** German: calls, top-ups, call records (CDRs) and SIP lines. Typed as the English area, so a missing key fails the type check. */
export const callsDe: typeof callsEn = {
  callStarted: (a: string, b: string) => `Ich rufe zuerst +${a} an und verbinde dann +${b}.`,
  fieldCallId: 'Anruf-ID',
  hangupButton: 'Auflegen',
  hangupDone: 'Der Anruf wurde beendet.',
  hangupNoCall:
    'Sie haben keinen Anruf, den ich beenden könnte. Geben Sie die Anruf-ID an, z. B. /hangup 4f2a-17.',
  hangupUnknownEnded: (b: string) =>
    `Ihr Anruf zu +${b}, dessen Start unbeantwortet blieb, ist beendet; er steht in /cdrs. Es klingelt nichts.`,
  hangupUnknownNoId: (b: string, at: string) =>
    `Ihr Anruf zu +${b} (${at}) blieb beim Anbieter ohne Antwort, daher habe ich keine ID, um ihn zu beenden, und in /cdrs steht er noch nicht: Er klingelt vielleicht noch. Lehnen Sie ihn am Telefon ab, um ihn zu beenden; /hangup prüft die Einträge erneut, /cdrs zeigt ihn, sobald er beendet ist.`,
  hangupAlreadyEnded:
    'Dieser Anruf ist schon beendet (oder die ID ist unbekannt). Sobald er abgerechnet ist, steht er in /cdrs.',

  topupConfirm: 'Ihr Konto mit dieser PIN aufladen? Eine PIN lässt sich nur einmal verwenden.',
  topupDone: 'Aufgeladen.',
  topupNewBalance: 'Neues Guthaben',

  cdrsTitle: (from: string, to: string) => `Anrufe ${from} – ${to}`,
  callshopTitle: (from: string, to: string) => `Callshop-Anrufe ${from} – ${to}`,
  cdrsNone: 'Keine Anrufe in diesem Zeitraum.',
  cdrTitle: 'Anruf',
  cdrNotFound: 'Kein solcher Anruf auf diesem Konto: Beginn oder Nummer passen zu keinem Nachweis.',
  colDate: 'Datum',
  colDuration: 'Dauer',
  colAmount: 'Betrag',
  colCaller: 'Anrufer',
  colCallee: 'Angerufen',
  colType: 'Art',
  cdrsTotal: (n: number, total: string) =>
    `${plural('de', n, 'ein Anruf', `${n} Anrufe`)}, zusammen ${total}`,
  cdrsLatestOf: (shown: number, n: number, total: string) =>
    `Die letzten ${shown} von ${n} Anrufen, zusammen ${total}`,
  cdrsLatestOfAtLeast: (shown: number, n: number, total: string) =>
    `Die letzten ${shown} von mindestens ${n} Anrufen (ich lese höchstens die letzten ${n}; zusammen ${total}); ein kürzerer Zeitraum zeigt jeden Anruf`,
  cdrsMoreHint: (example: string) => `Mehr listet eine Anzahl, z. B. ${example}`,
  timesIn: (zone: string) => `Zeiten in ${zone}.`,
  cdrsCsvHint: 'Mit csv erhalten Sie eine Tabellendatei, z. B. /cdrs 7d csv',
  csvName: { cdrs: 'anrufe', callshop: 'callshop-anrufe' },

  linesTitle: 'SIP-Leitungen',
  linesNone: 'Dieses Konto hat keine SIP-Leitungen.',
  colLine: 'Leitung',
  colUser: 'Benutzer',
  colServer: 'Server',
  colTransport: 'Transport',
  fieldPassword: (id: string) => `Passwort ${id}`,
};
