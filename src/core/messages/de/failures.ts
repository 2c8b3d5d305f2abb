import type { failuresEn } from '../en/failures.js';

/** German: provider failures, in plain words with a next step. Typed as the English area, so a missing key fails the type check. */
export const failuresDe: typeof failuresEn = {
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
  errAlreadySent: (check: string) =>
    `Diese Nachricht kam schon einmal bei mir an, und ich habe das bereits einmal gesendet; ich sende es nicht zweimal. Prüfen Sie ${check}, um zu sehen, was geschehen ist.`,
  storeCannotWrite:
    'Ich kann gerade nichts speichern (mein Speicher ist nicht beschreibbar), daher habe ich vorher aufgehört. Der Betreiber ist informiert; bitte versuchen Sie es später noch einmal.',
  writerLockLost:
    'Ich habe das nicht gesendet: Eine andere Instanz dieses Bots hat meinen Speicher übernommen, und ich halte an, damit nichts doppelt gesendet wird. Bitte senden Sie es in einer Minute noch einmal.',
  storeUnavailable:
    'Ich bin vorübergehend nicht erreichbar (mein Speicher antwortet nicht), daher habe ich das nicht ausgeführt. Bitte senden Sie es in einer Minute noch einmal.',
  beforeDataLoss: (command: string) =>
    `Ich habe Ihr ${command} nicht ausgeführt: Mein Speicher hat gerade seine Daten verloren, und diese Anfrage kann von davor stammen, als sie vielleicht schon ausgeführt wurde. Prüfen Sie mit /cdrs und /balance (bei einer Karte: /card show), ob es geschehen ist, und senden Sie es dann noch einmal, wenn Sie es noch wollen.`,
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
};
