import type { commandsEn } from '../en/commands.js';

/** German: the command table: summary (menus, help), usage and an example per command. Typed as the English area, so a missing key fails the type check. */
export const commandsDe: typeof commandsEn = {
  cmd: {
    start: { summary: 'Start: was ich kann und wie es losgeht', usage: '/start', example: '/start' },
    menu: { summary: 'Das Startmenü zeigen', usage: '/menu', example: '/menu' },
    help: {
      summary: 'Die Befehle zeigen, oder Details zu einem',
      usage: '/help [Befehl]',
      example: '/help call',
    },
    link: {
      summary: 'Ihr Telefonkonto verknüpfen (mit „card“ das Konto zur PIN-Erstellung)',
      usage: '/link [card] [Benutzername]',
      example: '/link',
    },
    cancel: { summary: 'Eine laufende Verknüpfung abbrechen', usage: '/cancel', example: '/cancel' },
    unlink: {
      summary: 'Ein verknüpftes Konto entfernen (ohne Namen das aktive)',
      usage: '/unlink [Name]',
      example: '/unlink arbeit',
    },
    accounts: { summary: 'Ihre verknüpften Konten anzeigen', usage: '/accounts', example: '/accounts' },
    use: { summary: 'Das aktive Konto wechseln', usage: '/use <Name>', example: '/use arbeit' },
    balance: { summary: 'Guthaben und Kontodaten', usage: '/balance', example: '/balance' },
    rate: {
      summary: 'Minutenpreis zu einer oder mehreren Nummern',
      usage: '/rate <Nummer> [Nummer…]',
      example: '/rate +49 30 1234567',
    },
    check: {
      summary: 'Eine Nummer prüfen: Ländervorwahl, Vorwahl und Ziel',
      usage: '/check <Nummer>',
      example: '/check +43 1 234567',
    },
    numbers: {
      summary: 'Einwahl- und Rückrufnummern nach Land, und das gespeicherte A/B-Paar',
      usage: '/numbers',
      example: '/numbers',
    },
    target: {
      summary: 'Das Callthrough-Paar speichern: Anrufe von A an die Einwahlnummer erreichen B',
      usage: '/target <A> <B>',
      example: '/target +49 170 1234567 +43 1 234567',
    },
    lines: {
      summary: 'Ihre SIP-Leitungen (Passwörter nur im privaten Chat)',
      usage: '/lines',
      example: '/lines',
    },
    call: {
      summary: 'Einen Web-Rückruf starten: erst A anrufen, dann B verbinden',
      usage: '/call <A> <B>',
      example: '/call +49 30 1234567 +49 176 1234567',
    },
    hangup: {
      summary: 'Ihren letzten Anruf beenden, oder den Anruf mit dieser ID',
      usage: '/hangup [Anruf-ID]',
      example: '/hangup',
    },
    topup: {
      summary: 'Mit einer PIN von einer Guthaben- oder Telefonkarte aufladen',
      usage: '/topup <PIN>',
      example: '/topup 12345678',
    },
    cdrs: {
      summary: 'Ihre Verbindungsnachweise (Daten: heute, gestern, 7d, 01.11.2026, 2026-11-01)',
      usage: '/cdrs [von] [bis] [Anzahl] [csv]',
      example: '/cdrs 7d heute 20',
    },
    cdr: {
      summary: 'Ein Verbindungsnachweis, nach seiner Kennung (wie sein Link sie nennt)',
      usage: '/cdr <Anruf-Kennung>',
      example: '/cdr 20261031T100100Z-4930123456',
    },
    callshop: {
      summary: 'Callshop-Verbindungen, mit Summe',
      usage: '/callshop [von] [bis] [Anzahl] [csv]',
      example: '/callshop gestern heute',
    },
    card: {
      summary:
        'Prepaid-Karten: anzeigen, anlegen, sperren, entsperren, deaktivieren, umnummerieren, aktivieren, begrenzen',
      usage: '/card show|create|block|unblock|disable|renumber|activate|limit <Nummer> …',
      example: '/card block +49 176 1234567',
    },
    groupdata: {
      summary:
        'Gruppen-Admins: persönliche Daten wie Guthaben in dieser Gruppe erlauben (on) oder stoppen (off)',
      usage: '/groupdata on|off',
      example: '/groupdata on',
    },
    team: {
      summary: 'Admins: diesen Kanal zum Support-Kanal machen (ein Formular öffnet sich)',
      usage: '/team setup',
      example: '/team setup',
    },
    audit: {
      summary: 'Support-Mitarbeiter: die letzten protokollierten Aktionen in diesem Kanal',
      usage: '/audit [Anzahl]',
      example: '/audit 20',
    },
    language: {
      summary: 'Meine Sprache wählen: Englisch (en) oder Deutsch (de)',
      usage: '/language [en|de]',
      example: '/language en',
    },
    timezone: {
      summary: 'Ihre Zeitzone für Datum und Uhrzeit festlegen',
      usage: '/timezone [Zone]',
      example: '/timezone Europe/Berlin',
    },
    alert: {
      summary: 'Mich warnen, wenn das Guthaben unter einen Betrag fällt',
      usage: '/alert [Betrag|off]',
      example: '/alert 5,00 €',
    },
    spend: {
      summary: 'Ein Diagramm Ihrer Ausgaben pro Tag und der teuersten Ziele',
      usage: '/spend [Zeitraum]',
      example: '/spend 30d',
    },
    digest: {
      summary: 'Jede Woche eine Nachricht mit Ausgaben, Diagramm und Guthaben',
      usage: '/digest [weekly|off]',
      example: '/digest weekly',
    },
    limit: {
      summary: 'Ausgabengrenzen (täglich, monatlich) und eine Preisobergrenze für Anrufe',
      usage: '/limit [daily|monthly|price <Betrag>|off]',
      example: '/limit daily 5,00',
    },
    approvals: {
      summary: 'Welche Aktionen in diesem Team-Chat eine zweite Person brauchen',
      usage: '/approvals [on|off <Aktion> [Betrag]|approvers admins|agents]',
      example: '/approvals on card block',
    },
    assistants: {
      summary: 'Mit deinem Konto verbundene Assistenten: verbinden, auflisten, widerrufen',
      usage: '/assistants [connect <Code>|revoke <n|all>]',
      example: '/assistants connect K7P2QX',
    },
  },
  cardUsage: {
    show: '/card show <Nummer>',
    create: '/card create <Nummer> [Betrag] [Kundenname]',
    block: '/card block <Nummer>',
    unblock: '/card unblock <Nummer>',
    disable: '/card disable <Nummer>',
    renumber: '/card renumber <Nummer> <neue Nummer>',
    activate: '/card activate <Nummer> <PIN>',
    limit: '/card limit <Nummer> [Betrag|off]',
  },
};
