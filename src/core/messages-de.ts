import type { Language, Messages } from './messages.js';
import { capitalise, joinList, plural } from './plural.js';

/**
 * The German catalogue. Typed `Messages`: a key the English catalogue has and this one lacks fails
 * the type check. Formal address (Sie), as the provider's own customer documents use.
 */
export const de: Messages = {
  language: 'de' as Language,
  welcome: (name: string) =>
    `Hallo ${name}! Ich verwalte Ihr Prepaid-Telefonkonto in diesem Chat: Guthaben, Tarife, Anrufe, Aufladungen, Verbindungsnachweise und Prepaid-Karten.`,
  welcomeSomeone: 'zusammen',
  welcomeLinked: (label: string) =>
    `Sie sind als „${label}“ verknüpft. Probieren Sie /balance, oder /help für alles, was ich kann.`,
  welcomeNotLinked:
    'Verknüpfen Sie zuerst Ihr Konto mit /link (in einem privaten Chat). Danach probieren Sie /balance.',
  helpTitle: 'Befehle',
  helpFooter: 'Senden Sie /help <Befehl> für Details und ein Beispiel.',
  helpUnknown: (name: string) => `Einen Befehl „${name}“ gibt es nicht. Senden Sie /help für die Liste.`,
  helpUsage: 'Aufruf',
  helpExample: 'Beispiel',
  helpWho: 'Wer',
  helpAliases: 'Auch',
  helpPrivateOnly: 'Nur im privaten Chat.',
  helpConfirm: 'Fragt vorher nach einer Bestätigung.',
  roles: { holder: 'Kontoinhaber', agent: 'Support-Mitarbeiter', admin: 'Admins' },
  unknownCommand: (name: string, suggestion?: string) =>
    `Den Befehl „${name}“ kenne ich nicht.${suggestion ? ` Meinten Sie /${suggestion}?` : ''} Senden Sie /help für die Liste.`,
  notACommand: 'Senden Sie einen Befehl wie /balance, oder /help für die Liste.',
  badArgs: (fix: string, usage: string, example: string) =>
    `${capitalise(fix)}.\nAufruf: ${usage}\nBeispiel: ${example}`,
  privateOnly: (command: string) =>
    `/${command} verarbeitet Passwörter, PINs oder SIP-Geheimnisse und funktioniert deshalb nur im privaten Chat mit mir. Es wurde nichts gespeichert oder gesendet.`,
  sharedOnly: (command: string) =>
    `/${command} ist eine Gruppeneinstellung; verwenden Sie den Befehl in der Gruppe.`,
  notAllowed: (command: string) => `Sie dürfen /${command} hier nicht ausführen.`,
  notAgent:
    'Dies ist ein Support-Kanal: Hier dürfen nur seine Support-Mitarbeiter Befehle ausführen. Bitten Sie einen Workspace-Admin, Sie hinzuzufügen.',
  rateLimited: (seconds: number) =>
    `Sie senden Befehle schneller, als ich sie annehmen kann. Bitte warten Sie ${seconds} s und versuchen Sie es erneut.`,
  shuttingDown: 'Ich starte gerade neu. Bitte senden Sie das in ein paar Sekunden noch einmal.',
  deliveredPrivately: 'Ich habe Ihnen das privat geschickt, weil es persönliche Daten enthält.',

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
    callshop: {
      summary: 'Callshop-Verbindungen, mit Summe',
      usage: '/callshop [von] [bis] [Anzahl] [csv]',
      example: '/callshop gestern heute',
    },
    card: {
      summary:
        'Prepaid-Karten: anzeigen, anlegen, sperren, entsperren, deaktivieren, umnummerieren, aktivieren',
      usage: '/card show|create|block|unblock|disable|renumber|activate <Nummer> …',
      example: '/card block +49 176 1234567',
    },
    groupdata: {
      summary:
        'Gruppen-Admins: persönliche Daten wie Guthaben in dieser Gruppe erlauben (on) oder stoppen (off)',
      usage: '/groupdata on|off',
      example: '/groupdata on',
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
  },
  cardUsage: {
    show: '/card show <Nummer>',
    create: '/card create <Nummer> [Betrag] [Kundenname]',
    block: '/card block <Nummer>',
    unblock: '/card unblock <Nummer>',
    disable: '/card disable <Nummer>',
    renumber: '/card renumber <Nummer> <neue Nummer>',
    activate: '/card activate <Nummer> <PIN>',
  },

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
  vDateOrCount: (text: string) =>
    `„${text}“ ist weder ein Datum noch eine Anzahl; verwenden Sie z. B. /cdrs 7d heute 20 oder /cdrs 01.11.2026 21.11.2026`,
  vStartAfterEnd:
    'das Anfangsdatum liegt nach dem Enddatum; tauschen Sie sie, z. B. /cdrs 01.11.2026 21.11.2026',
  vCallId: 'eine Anruf-ID besteht nur aus Buchstaben, Ziffern und Bindestrichen, z. B. /hangup 4f2a-17',
  vOneCallId: 'geben Sie höchstens eine Anruf-ID an, z. B. /hangup 4f2a-17',
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

  languageNames: { en: 'Englisch', de: 'Deutsch' } as Record<Language, string>,
  languageSet: (name: string) =>
    `Ich spreche ab jetzt ${name} mit Ihnen. Mit /language en wechseln Sie zu Englisch.`,
  languageNow: (name: string, chosen: boolean) =>
    `Ich spreche ${name} mit Ihnen${chosen ? ' (von Ihnen gewählt)' : ' (aus Ihren App-Einstellungen)'}. Ändern Sie das mit /language de oder /language en.`,
  timeZoneSet: (zone: string, now: string) =>
    `Ihre Zeitzone ist jetzt ${zone}. Dort ist es ${now}. Daten, die Sie eingeben, etwa heute oder 01.11.2026, gelten ebenfalls in dieser Zone.`,
  timeZoneNow: (zone: string, now: string) =>
    `Ihre Zeitzone ist ${zone} (jetzt ${now}). Ändern Sie sie mit /timezone, z. B. /timezone Europe/Berlin.`,
  timeZoneUnknown:
    'Ich kenne Ihre Zeitzone nicht und zeige Zeiten daher in UTC. Legen Sie sie mit /timezone fest, z. B. /timezone Europe/Berlin.',

  notLinked: 'Sie haben noch kein Konto verknüpft. Senden Sie /link im privaten Chat mit mir.',
  notLinkedCard:
    'Kartenbefehle brauchen das Konto zur PIN-Erstellung von Ihrem Anbieter. Verknüpfen Sie es mit /link card im privaten Chat.',
  linkAskUsername: (kind: 'account' | 'card') =>
    kind === 'card'
      ? 'Ich verknüpfe Ihr Konto zur PIN-Erstellung (Karten). Senden Sie mir den Benutzernamen. (/cancel bricht ab)'
      : 'Ich verknüpfe Ihr Telefonkonto. Senden Sie mir Ihren Benutzernamen. (/cancel bricht ab)',
  linkAskPassword: (username: string) =>
    `Senden Sie jetzt das Passwort für „${username}“. Ich lösche Ihre Nachricht, sobald ich sie gelesen habe, und behalte nur den md5-Wert, verschlüsselt.`,
  linkChecking: 'Ich prüfe diese Zugangsdaten beim Anbieter…',
  linkDone: (label: string, kind: 'account' | 'card') =>
    kind === 'card'
      ? `Das Kartenkonto „${label}“ ist verknüpft. Die /card-Befehle funktionieren jetzt.`
      : `„${label}“ ist verknüpft und jetzt Ihr aktives Konto. Probieren Sie /balance.`,
  linkPasswordDeleted: 'Ich habe die Nachricht mit Ihrem Passwort gelöscht.',
  linkFailedAuth:
    'Der Anbieter hat diesen Benutzernamen und dieses Passwort abgelehnt. Prüfen Sie beides und senden Sie /link für einen neuen Versuch.',
  linkCancelled: 'Verknüpfung abgebrochen. Es wurde nichts gespeichert.',
  linkExpired: 'Diese Verknüpfung ist abgelaufen. Senden Sie /link, um neu zu beginnen.',
  linkTypedInShared:
    'Tippen Sie nie ein Passwort in einen gemeinsamen Chat. Öffnen Sie einen privaten Chat mit mir und senden Sie dort /link.',
  linkTooLong:
    'Das ist zu lang für einen Benutzernamen oder ein Passwort. Senden Sie /link, um neu zu beginnen.',
  unlinked: (label: string) => `„${label}“ ist entfernt. Die gespeicherten Zugangsdaten sind gelöscht.`,
  unlinkUnknown: (label: string) => `Sie haben kein verknüpftes Konto namens „${label}“. Siehe /accounts.`,
  accountsTitle: 'Verknüpfte Konten',
  accountsNone: 'Noch keine Konten verknüpft. Senden Sie /link im privaten Chat.',
  accountsActive: 'aktiv',
  colLabel: 'Name',
  colKind: 'Art',
  kinds: { account: 'Konto', card: 'Karte' },
  useDone: (label: string) => `„${label}“ ist jetzt Ihr aktives Konto.`,
  useUnknown: (label: string) => `Sie haben kein verknüpftes Konto namens „${label}“. Siehe /accounts.`,
  cancelNothing: 'Es gibt nichts abzubrechen.',

  balanceTitle: 'Guthaben',
  fieldBalance: 'Guthaben',
  fieldCustomer: 'Kunde',
  fieldCustomerNumber: 'Kundennr.',
  fieldAccountNumber: 'Kontonr.',
  fieldAccountName: 'Kontoname',
  fieldUsername: 'Benutzername',
  fieldCurrency: 'Währung',
  ratesTitle: 'Preise pro Minute',
  colNumber: 'Nummer',
  colDestination: 'Ziel',
  colPrefix: 'Vorwahl',
  colPrice: 'Preis',
  ratesNoneMatched: 'Keine dieser Nummern passt zu einem Ziel in der Preisliste.',
  ratesSomeMissing: (numbers: string) => `Kein Preis für: ${numbers}`,
  checkTitle: 'Nummernprüfung',
  fieldCountryCode: 'Ländervorwahl',
  fieldNumber: 'Nummer',
  fieldPrefix: 'Vorwahl',
  fieldDestination: 'Ziel',
  fieldSubscriber: 'Teilnehmernummer',
  checkNoMatch: 'Diese Nummer passt zu keinem Ziel, das der Anbieter kennt. Prüfen Sie die Ländervorwahl.',
  numbersTitle: 'Einwahlnummern',
  colCountry: 'Land',
  colCallthrough: 'Callthrough',
  colTollFree: 'Gebührenfrei',
  colCallback: 'Rückruf',
  colCallbackFree: 'Rückruf gebührenfrei',
  numbersNone: 'Für dieses Konto sind keine Einwahlnummern eingerichtet.',
  fieldPersonalDialIn: 'Persönliche Einwahl',
  fieldTargetA: 'Gespeichertes A',
  fieldTargetB: 'Gespeichertes B',
  notSet: 'nicht gesetzt',
  targetConfirm: (a: string, b: string) =>
    `Das Callthrough-Paar A = +${a}, B = +${b} speichern? Ein Anruf von A an die Einwahlnummer wird dann mit B verbunden.`,
  targetDone: (a: string, b: string) =>
    `Gespeichert: Anrufe von +${a} an Ihre Einwahlnummer werden jetzt mit +${b} verbunden.`,

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
  colDate: 'Datum',
  colDuration: 'Dauer',
  colAmount: 'Betrag',
  colCaller: 'Anrufer',
  colCallee: 'Angerufen',
  colType: 'Art',
  cdrsTotal: (n: number, total: string) =>
    `${plural('de', n, 'ein Anruf', `${n} Anrufe`)}, zusammen ${total}`,
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

  cardTitle: (cli: string) => `Karte +${cli}`,
  fieldState: 'Status',
  fieldAmount: 'Betrag',
  fieldAmountAll: 'Gesamtbetrag',
  fieldSerial: 'Seriennummer',
  fieldPin: 'PIN',
  pinHidden: 'hier verborgen; fragen Sie im privaten Chat',
  cardStates: { active: 'aktiv', blocked: 'gesperrt', disabled: 'deaktiviert' } as Record<string, string>,
  cardCreated: (cli: string) => `Karte für +${cli} angelegt.`,
  cardConfirmBlock: (cli: string) =>
    `Die Karte +${cli} sperren? Sie funktioniert dann nicht mehr, bis sie entsperrt wird.`,
  cardConfirmDisable: (cli: string) =>
    `Die Karte +${cli} deaktivieren? Das lässt sich durch Entsperren nicht rückgängig machen.`,
  cardConfirmRenumber: (cli: string, newCli: string) =>
    `Die Karte +${cli} auf die Nummer +${newCli} umziehen?`,
  cardDone: (verb: string, cli: string) => `Karte +${cli}: ${verb}.`,
  cardVerbs: {
    blockcard: 'gesperrt',
    unblockcard: 'entsperrt',
    disableCliByNumber: 'deaktiviert',
    changeCliByNumber: 'umnummeriert',
    activateMyCard: 'aktiviert',
    insert: 'angelegt',
  } as Record<string, string>,

  confirmButton: 'Bestätigen',
  cancelButton: 'Abbrechen',
  confirmExpired:
    'Diese Bestätigung ist abgelaufen oder wurde schon verwendet. Senden Sie den Befehl noch einmal.',
  confirmNotYours: 'Nur die Person, die gefragt hat, kann das drücken.',
  confirmCancelled: 'Abgebrochen. Es wurde nichts geändert.',
  confirmExpiresIn: (minutes: number) =>
    `Bitte innerhalb von ${plural('de', minutes, 'einer Minute', `${minutes} Minuten`)} bestätigen.`,
  working: 'Ich bin dabei…',
  confirmDonePrivately: 'Erledigt: Das Ergebnis habe ich Ihnen privat geschickt.',
  confirmFailedPrivately: 'Nicht erledigt: Den Grund habe ich Ihnen privat geschickt.',

  groupDataOn: 'Guthaben, Anrufe und andere persönliche Daten dürfen jetzt in dieser Gruppe erscheinen.',
  groupDataOff: 'Persönliche Daten werden jetzt privat geschickt statt in diese Gruppe.',
  groupDataAdminOnly: 'Nur ein Gruppen-Admin kann das ändern.',
  supportSetupDone: (agents: number) =>
    `Dieser Kanal ist jetzt ein Support-Kanal mit ${plural('de', agents, 'einem Support-Mitarbeiter', `${agents} Support-Mitarbeitern`)}. Sie handeln mit den Zugangsdaten des Teams; jede Änderung wird protokolliert.`,
  supportAdminOnly: 'Nur ein Workspace-Admin kann einen Support-Kanal einrichten.',
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

  errInvalidPin: 'Diese PIN ist ungültig oder wurde schon verwendet.',
  errNoCallingCard:
    'Dieses Konto ist mit keiner Telefonkarte verbunden und lässt sich daher nicht per PIN aufladen. Bitten Sie Ihren Anbieter, eine zu verbinden.',
  errClockSkew:
    'Der Anbieter hat die Uhrzeit der Anfrage abgelehnt, obwohl ich meine Uhr korrigiert habe. Bitte versuchen Sie es in einer Minute erneut.',
  errAuth:
    'Der Anbieter hat die gespeicherten Zugangsdaten abgelehnt; vielleicht wurde das Passwort geändert. Verknüpfen Sie das Konto erneut mit /link.',
  errAuthCard:
    'Der Anbieter hat die Zugangsdaten zur PIN-Erstellung abgelehnt. Verknüpfen Sie sie erneut mit /link card.',
  errNotFound: 'Das kennt der Anbieter nicht (es wurde entfernt oder nie gesetzt).',
  errCardNotFound: (cli: string) => `Für +${cli} gibt es keine Karte.`,
  errForbidden: (what: string) => `Der Anbieter hat das abgelehnt: ${what}.`,
  errCardTransition: (state: string) => `Das ist bei einer Karte, die ${state} ist, nicht möglich.`,
  errOutcomeUnknown:
    'Der Anbieter hat nicht geantwortet; ich habe es nicht wiederholt. Prüfen Sie /balance oder /cdrs, bevor Sie es erneut versuchen.',
  errOutcomeUnknownCard: (cli: string) =>
    `Der Anbieter hat nicht geantwortet; ich habe es nicht wiederholt. Prüfen Sie /card show +${cli}, bevor Sie es erneut versuchen.`,
  errOutcomeUnknownCheck: (check: string) =>
    `Der Anbieter hat nicht geantwortet, daher weiß ich nicht, ob es geschehen ist; ich habe es nicht wiederholt. Prüfen Sie ${check}, bevor Sie es erneut versuchen.`,
  callOutcomeUnknown: (b: string) =>
    `Der Anbieter hat nicht geantwortet, daher weiß ich nicht, ob der Anruf zu +${b} begonnen hat; ich habe es nicht wiederholt. Klingelt ein Telefon, versucht /hangup ihn zu beenden; /cdrs zeigt den Anruf, sobald er beendet ist.`,
  storeUnavailable:
    'Ich bin vorübergehend nicht erreichbar (mein Speicher antwortet nicht), daher habe ich das nicht ausgeführt. Bitte senden Sie es in einer Minute noch einmal.',
  commandTooOld: (command: string) =>
    `Ihr ${command} kam verspätet bei mir an, daher habe ich ihn nicht ausgeführt. Senden Sie ihn noch einmal, wenn Sie ihn noch wollen.`,
  interrupted: (command: string, at: string, check: string) =>
    `Ihr ${command} vom ${at} wurde unterbrochen (der Bot wurde neu gestartet), bevor der Anbieter geantwortet hat, daher weiß ich nicht, ob es geschehen ist. Prüfen Sie ${check}, bevor Sie es erneut versuchen.`,
  errUnavailable:
    'Der Anbieter antwortet gerade nicht. Es wurde nichts geändert; bitte versuchen Sie es gleich noch einmal.',
  errRateLimited:
    'Der Anbieter ist gerade ausgelastet. Es wurde nichts geändert; bitte versuchen Sie es in einer Minute erneut.',
  errBadAnswer:
    'Der Anbieter hat eine Antwort geschickt, die ich nicht lesen kann. Bitte versuchen Sie es später erneut; passiert das öfter, melden Sie es dem Support.',
  errProvider: (code: number, description: string) =>
    `Der Anbieter hat mit Fehler ${code} geantwortet: ${description}.`,
  errInternal: (ref: string) =>
    `Bei mir ist etwas schiefgegangen (Ref. ${ref}). Es wurde protokolliert; bitte versuchen Sie es erneut.`,
  errInvalidInput: (_fix: string, parameter: string) =>
    `Der Wert für „${parameter}“ ist ungültig, deshalb habe ich nichts gesendet. Prüfen Sie ihn mit /help und versuchen Sie es erneut.`,

  // the bot speaks first (issue 15): alerts, call reports, spend charts, digests
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
  callReportNone: (minutes: number) =>
    `Innerhalb von ${minutes} Minuten ist kein Verbindungsnachweis erschienen. Prüfen Sie mit /cdrs today.`,
  spendTitle: (from: string, to: string) => `Ausgaben ${from} – ${to}`,
  spendCaption: (total: string, calls: number, from: string, to: string) =>
    `${total} für ${calls} ${calls === 1 ? 'Anruf' : 'Anrufe'}, ${from} – ${to}`,
  spendNone: (from: string, to: string) =>
    `Keine Anrufe zwischen ${from} und ${to}, also nichts zu zeichnen.`,
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

  telegram: {
    sentPrivately: (name: string) => `${name}, ich habe die Antwort in unseren privaten Chat geschickt.`,
    privateBlocked: (name: string) =>
      `${name}, ich kann Ihnen noch nicht privat schreiben. Öffnen Sie einen privaten Chat mit mir, drücken Sie Start und fragen Sie dann erneut.`,
    openPrivateChat: 'Privaten Chat öffnen',
    failed: 'Bei mir ist etwas schiefgegangen. Bitte versuchen Sie es gleich noch einmal.',
  },
  slack: {
    passwordInCommand: (command: string, modal: string) =>
      `Das habe ich nicht verwendet: Passwörter gehören nicht in den Befehlstext, den Slack anzeigt und speichert. Tippen Sie nur ${command} ${modal} und füllen Sie das Formular aus, das sich öffnet. War das ein echtes Passwort, ändern Sie es besser.`,
    setupInChannel: (command: string) =>
      `Führen Sie ${command} team setup in dem Kanal aus, der ein Support-Kanal werden soll.`,
    setupAdminOnly: 'Nur ein Workspace-Admin oder -Owner kann einen Support-Kanal einrichten.',
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
    submitFailed: 'Etwas ist schiefgegangen; es wurde nichts gespeichert. Versuchen Sie es erneut.',
    checking: 'Ich prüfe beim Anbieter…',
    refused: 'Abgelehnt.',
    buttonsExpire: (time: string) => `Die Schaltflächen laufen um ${time} ab.`,
    shortened: '… gekürzt, damit es in eine Slack-Nachricht passt.',
    fileSent: (name: string) => `Ich habe Ihnen ${name} als Direktnachricht geschickt.`,
    sentDirect: 'Das habe ich Ihnen als Direktnachricht geschickt.',
    fileFailed: (name: string) =>
      `Ich konnte ${name} nicht hochladen. Ist die App Mitglied dieser Unterhaltung?`,
    supportLog: (day: string) => `Support-Protokoll vom ${day}`,
  },
  console: {
    saved: (path: string) => `Gespeichert: ${path}`,
    choose: 'Tippen Sie eine Zahl, um zu wählen:',
    file: (name: string, bytes: number) => `[Datei ${name}, ${bytes} Bytes]`,
    failed: (message: string) => `Das ist leider fehlgeschlagen: ${message}`,
  },
};
