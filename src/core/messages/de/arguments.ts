import type { argumentsEn } from '../en/arguments.js';
import { joinList, plural } from '../plural.js';

/** German: argument validation: each names the fix, with an example. Typed as the English area, so a missing key fails the type check. */
export const argumentsDe: typeof argumentsEn = {
  arg: {
    number: 'die Nummer',
    a: 'Nummer A',
    b: 'Nummer B',
    pin: 'die PIN',
    cardNumber: 'die Kartennummer',
    newNumber: 'die neue Nummer',
    label: 'der Kontoname',
    callId: 'die Anruf-ID',
    count: 'die Anzahl',
  },
  vNoArgs: (command: string) => `/${command} braucht nichts dahinter; senden Sie nur /${command}`,
  vCount: (names: string[], min: number, max: number, got: number) =>
    min === max
      ? `geben Sie ${joinList(names, 'und')} an (${plural('de', min, 'ein Wert', `${min} Werte`)}); Sie haben ${got} angegeben`
      : `geben Sie ${min} bis ${max} Werte an (${joinList(names, 'und')}); Sie haben ${got} angegeben`,
  vPhone: {
    format: 'schreiben Sie sie international mit Ländervorwahl, z. B. +49 30 1234567 oder 0049 30 1234567',
    empty: (what: string) => `${what} ist leer`,
    characters: (what: string, text: string) =>
      `${what} „${text}“ enthält Zeichen, die eine Telefonnummer nicht haben kann`,
    national: (what: string) => `${what} beginnt mit einer einzelnen 0 und hat daher keine Ländervorwahl`,
    length: (what: string) => `${what} braucht 6 bis 15 Ziffern einschließlich Ländervorwahl`,
    impossible: (what: string, digits: string) =>
      `${what} +${digits} ist keine mögliche Telefonnummer; prüfen Sie die Ziffern und die Ländervorwahl`,
  },
  vMissing: (what: string) => `${what} fehlt`,
  vPin: 'eine PIN hat 4 bis 32 Ziffern, z. B. 12345678',
  vRateMin: 'geben Sie mindestens eine Nummer mit Ländervorwahl an, z. B. /rate +49 30 1234567',
  vRateMax: 'geben Sie höchstens 20 Nummern auf einmal an',
  vNotADate: (text: string) =>
    `„${text}“ ist kein gültiges Datum; verwenden Sie z. B. heute, gestern, 7d, 01.11.2026 oder 2026-11-01`,
  vTooManyDates: 'geben Sie höchstens zwei Daten an, von und bis, z. B. /cdrs 01.11.2026 21.11.2026',
  vRecordCount: 'die Anzahl der Einträge muss zwischen 1 und 500 liegen, z. B. /cdrs 7d 50',
  vCallRef:
    'Eine Anruf-Kennung ist sein Beginn in UTC und die Nummer, wie sein Link sie nennt, z. B. /cdr 20261031T100100Z-4930123456.',
  vDateOrCount: (text: string) =>
    `„${text}“ ist weder ein Datum noch eine Anzahl; verwenden Sie z. B. /cdrs 7d heute 20 oder /cdrs 01.11.2026 21.11.2026`,
  vStartAfterEnd:
    'das Anfangsdatum liegt nach dem Enddatum; tauschen Sie sie, z. B. /cdrs 01.11.2026 21.11.2026',
  vCallId: 'eine Anruf-ID besteht nur aus Buchstaben, Ziffern und Bindestrichen, z. B. /hangup 4f2a-17',
  vOneCallId: 'geben Sie höchstens eine Anruf-ID an, z. B. /hangup 4f2a-17',
  vSameAB: (digits: string) =>
    `A und B sind dieselbe Nummer (+${digits}); A ist das Telefon, das zuerst klingelt, B die Nummer, mit der es dann verbunden wird. Geben Sie zwei verschiedene Nummern an, z. B. /call +49 30 1234567 +49 176 1234567`,
  vCardSub: (subs: string) => `beginnen Sie mit einem von ${subs}, z. B. /card show +49 176 1234567`,
  vCardCount: (usage: string) => `das ist nicht die richtige Anzahl an Werten; verwenden Sie ${usage}`,
  vCardAmount: 'der Betrag darf höchstens 100000,00 sein, z. B. /card create +49 176 1234567 25',
  vCustomer: {
    control: 'der Kundenname enthält Steuerzeichen; verwenden Sie einfachen Text, z. B. Anna Schmidt',
    long: 'ein Kundenname hat höchstens 100 Zeichen; kürzen Sie ihn, z. B. Anna Schmidt',
  },
  vLinkPassword: 'tippen Sie das Passwort nie in den Befehl; senden Sie /link und ich frage danach',
  vLabel: 'ein Kontoname ist ein Wort, z. B. arbeit',
  vOneLabel: 'geben Sie einen Kontonamen an, z. B. /unlink arbeit (siehe /accounts)',
  vUseLabel: 'geben Sie den Namen des Kontos an, z. B. /use arbeit (siehe /accounts)',
  vOnOff: 'sagen Sie on oder off, z. B. /groupdata on',
  vAuditCount: 'geben Sie an, wie viele Einträge, von 1 bis 100, z. B. /audit 20',
  vHelpOne: 'geben Sie einen Befehlsnamen an, z. B. /help call',
  vStartArgs: '/start braucht nichts dahinter; senden Sie /help für die Liste',
  vLanguage: 'sagen Sie de für Deutsch oder en für Englisch, z. B. /language de',
  vTimeZone: (text: string, suggestion?: string) =>
    `„${text}“ ist keine Zeitzone, die ich kenne. ${suggestion ? `Meinten Sie /timezone ${suggestion}? ` : ''}Verwenden Sie einen Namen aus der IANA-Liste, z. B. /timezone Europe/Berlin oder /timezone America/New_York`,
  vOneTimeZone: 'geben Sie einen Zeitzonennamen an, z. B. /timezone Europe/Berlin',
  vUsernameIssue: {
    empty:
      'der Benutzername ist leer; geben Sie ihn so ein, wie der Anbieter ihn vergeben hat, z. B. alice.smith',
    long: 'ein Benutzername hat höchstens 100 Zeichen; prüfen Sie ihn, z. B. alice.smith',
    characters:
      'ein Benutzername enthält nur Buchstaben ohne Akzente, Ziffern und Zeichen wie . _ @ -, ohne Leerzeichen; geben Sie ihn so ein, wie der Anbieter ihn vergeben hat, z. B. alice.smith',
  },
  vPassword: 'das Passwort ist leer oder länger als 200 Zeichen',
  vGeneric: 'diese Angaben passen nicht zu diesem Befehl',
};
