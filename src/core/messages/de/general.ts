import type { Language } from '../../messages.js';
import type { generalEn } from '../en/general.js';
import { capitalise } from '../plural.js';

/** German: greetings, help, and the dispatcher's refusals. Typed as the English area, so a missing key fails the type check. */
export const generalDe: typeof generalEn = {
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
  privateOnlyUseCommand: (command: string) =>
    `Eine Nachricht, die mich erwähnt, lesen hier alle; deshalb habe ich sie nicht ausgeführt. Tippen Sie stattdessen /${command}: Was Sie dort tippen, sehen nur Sie, und eine PIN oder ein Passwort frage ich in einem Formular ab, das nur Sie sehen. Es wurde nichts gespeichert oder gesendet.`,
  pinExposed:
    'Die PIN, die Sie getippt haben, können hier alle lesen, und ich kann Ihre Nachricht nicht löschen. Lösen Sie sie jetzt ein, bevor es jemand anderes tut:',
  sharedOnly: (command: string) =>
    `/${command} ist eine Gruppeneinstellung; verwenden Sie den Befehl in der Gruppe.`,
  notAllowed: (command: string) => `Sie dürfen /${command} hier nicht ausführen.`,
  notAgent:
    'Dies ist ein Support-Kanal: Hier dürfen nur seine Support-Mitarbeiter Befehle ausführen. Bitten Sie einen Admin dieses Workspace oder Teams, Sie hinzuzufügen.',
  rateLimited: (seconds: number) =>
    `Sie senden Befehle schneller, als ich sie annehmen kann. Bitte warten Sie ${seconds} s und versuchen Sie es erneut.`,
  shuttingDown: 'Ich starte gerade neu. Bitte senden Sie das in ein paar Sekunden noch einmal.',
  busyTryAgain:
    'Ich habe gerade sehr viel zu tun und habe das deshalb nicht ausgeführt; es wurde nichts gesendet. Bitte versuchen Sie es in einer Minute noch einmal.',
  deliveredPrivately: 'Ich habe Ihnen das privat geschickt, weil es persönliche Daten enthält.',
};
