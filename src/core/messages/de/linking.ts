import type { linkingEn } from '../en/linking.js';

/** German: linking and unlinking credentials. Typed as the English area, so a missing key fails the type check. */
export const linkingDe: typeof linkingEn = {
  notLinked: 'Sie haben noch kein Konto verknüpft. Senden Sie /link im privaten Chat mit mir.',
  notLinkedDataLost:
    'Ich finde kein verknüpftes Konto für Sie, weil mein Speicher seine Daten verloren hat. Das tut mir leid: Senden Sie /link im privaten Chat mit mir, um es erneut zu verknüpfen. An den Anbieter wurde nichts gesendet.',
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
  useCard: (label: string, accounts: string) =>
    `„${label}“ ist Ihr Karten-Login (PIN-Erstellung): Die /card-Befehle verwenden es von selbst. Mit /use wählen Sie das Konto für alles andere: ${accounts}.`,
  cancelNothing: 'Es gibt nichts abzubrechen.',
};
