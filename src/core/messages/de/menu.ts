import type { menuEn } from '../en/menu.js';
import { plural } from '../plural.js';

/** German: the home menu, paging, prompts and chat etiquette (docs/interface.md §3.1). Typed as the English area, so a missing key fails the type check. */
export const menuDe: typeof menuEn = {
  homeTitle: 'Start',
  homeLinked: (label: string) =>
    `Sie sind als „${label}“ verknüpft. Wählen Sie unten, oder tippen Sie einen Befehl wie /balance.`,
  homeNotLinked:
    'Noch kein Konto verknüpft: Drücken Sie Einstellungen, dann Konto verknüpfen (im privaten Chat mit mir).',
  menuBalance: '💰 Guthaben',
  menuCalls: '📞 Anrufe',
  menuTopup: '💳 Aufladen',
  menuCards: '🎫 Karten',
  menuSettings: '⚙️ Einstellungen',
  menuHelp: '❓ Hilfe',
  menuBack: '⬅️ Zurück',
  menuLink: '🔗 Konto verknüpfen',
  menuLinkCard: '🔗 Kartenkonto verknüpfen',
  menuExport: '📤 Anrufe exportieren (CSV)',
  exportMenuTitle: 'Anrufe exportieren (CSV)',
  exportMenuText: 'Welcher Zeitraum? Die Datei enthält jeden Anruf darin, mit Anzahl und Summe.',
  exportThisMonth: 'Dieser Monat',
  exportLastMonth: 'Letzter Monat',
  exportLast30Days: 'Letzte 30 Tage',
  helpGroupAccount: 'Konto',
  helpGroupCalls: 'Anrufe',
  helpGroupCards: 'Prepaid-Karten',
  helpGroupLinking: 'Verknüpfen',
  helpGroupTeam: 'Gruppen und Teams',
  helpGroupOther: 'Weiteres',
  cardsTitle: 'Prepaid-Karten',
  cardsText:
    'Karten werden über ihre Telefonnummer angesprochen:\n/card show +49 170 12345678\n/card create +49 170 12345678 10\n/card block +49 170 12345678\nSenden Sie /help card für alle Unterbefehle.',
  settingsTitle: 'Einstellungen',
  pagePrevious: '◀',
  pageNext: '▶',
  pageOf: (page: number, pages: number) => `Seite ${page} von ${pages}`,
  pageExpired: 'Diese Liste ist abgelaufen. Senden Sie den Befehl noch einmal.',
  secretDeletesIn: (minutes: number) =>
    `Ich lösche diese Nachricht in ${plural('de', minutes, 'einer Minute', `${minutes} Minuten`)}.`,
  chatHint: 'Ich verstehe Befehle, keine Sätze. Wählen Sie unten, oder senden Sie /help.',
  unsupportedMessage:
    'Ich lese nur Textbefehle, Bildunterschriften und geteilte Kontakte. Senden Sie /menu, um zu sehen, was ich kann.',
  promptPin: 'Senden Sie mir die PIN von Ihrer Karte (ich lösche Ihre Nachricht sofort). /cancel bricht ab.',
  promptNumber: (command: string) =>
    `/${command}: Senden Sie die Nummer, die zuerst angerufen wird (A), z. B. +49 30 1234567. /cancel bricht ab.`,
  promptCancelled: 'Abgebrochen. Es wurde nichts geändert.',
  promptExpired: 'Diese Frage ist abgelaufen. Senden Sie den Befehl noch einmal.',
  contactTitle: (number: string) => `Kontakt +${number}`,
  contactText: 'Diese Nummer anrufen, oder als B Ihres Callthrough-Paars speichern?',
  contactNoNumber: 'Dieser Kontakt hat keine Telefonnummer, die ich verwenden kann.',
  contactCall: '📞 Anrufen',
  contactTarget: '🎯 Als Ziel B speichern',
  shortcutCallTitle: 'Nummer anrufen',
  shortcutCallA: 'Zuerst anrufen (A)',
  shortcutCallAHint: 'Ihr Telefon, mit Ländervorwahl, z. B. +49 30 1234567',
  shortcutCallB: 'Dann verbinden (B)',
  shortcutCallSubmit: 'Anrufen',
  shortcutCancel: 'Abbrechen',
  shortcutNoNumber:
    'In dieser Nachricht habe ich keine Telefonnummer mit Ländervorwahl gefunden (z. B. +49 30 1234567 oder 0049 30 1234567).',
  formsNeedCommand: (command: string) =>
    `Verknüpfen und Einrichten gehen über ein privates Formular, das nur der Slash-Befehl öffnen kann: tippen Sie ${command} link (oder ${command} team setup).`,
  vTeamSetup: 'Senden Sie nur /team setup: Das Formular für den Support-Kanal öffnet sich.',
  teamSetupAdminOnly:
    'Nur ein Admin oder Owner dieses Workspace oder Teams kann einen Support-Kanal einrichten.',
  teamSetupNoForm:
    'Ein Support-Kanal wird in einem privaten Formular eingerichtet, das dieser Chat nicht anzeigen kann.',
};
