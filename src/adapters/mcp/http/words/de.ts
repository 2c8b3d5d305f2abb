import type { PageWords, PinPageWords } from './en.js';

/** Deutsch: die Autorisierungsseite, die ein Assistent öffnet (docs/mcp.md §8.2). */
export const pageDe: PageWords = {
  lang: 'de',
  title: 'Einen Assistenten mit deinem Telefonie-Bot verbinden',
  asks: (client) => `„${client}“ möchte über den Bot für dich handeln.`,
  send: 'Um zuzustimmen, sende dies aus deinem eigenen privaten Chat mit dem Bot:',
  orOpen: 'In Telegram, oder öffne:',
  openTelegram: 'Den Chat in Telegram öffnen',
  check:
    'Der Bot zeigt dir dann den Assistenten und wohin er zurückkehrt, mit Bestätigen und Abbrechen. Stimme nur zu, wenn du das gerade selbst begonnen hast.',
  waiting: 'Warte auf deine Antwort im Chat…',
  approved: 'Erlaubt. Zurück zu deinem Assistenten…',
  denied: 'Abgelehnt: der Assistent wurde nicht verbunden. Du kannst diese Seite schließen.',
  expired:
    'Diese Anfrage ist abgelaufen (ein Code gilt ein paar Minuten und einmal). Verbinde den Assistenten neu.',
  expiresIn: (minutes) => `Der Code gilt ${minutes} Minuten und einmal.`,
};

/** German: the one-time PIN page (docs/mcp.md §4.5). */
export const pinPageDe: PinPageWords = {
  lang: 'de',
  title: 'PIN eingeben',
  explain:
    'Dein Assistent hat nach einer PIN gefragt. Gib sie hier ein, nicht beim Assistenten: sie geht nur an den Bot, und der Assistent sieht sie nie.',
  label: 'PIN',
  submit: 'Senden',
  once: 'Diese Seite gilt einmal, 5 Minuten lang.',
  gone: 'Diese Seite ist abgelaufen oder wurde schon benutzt. Bitte deinen Assistenten um eine neue.',
};
