/** English: linking and unlinking credentials. */
export const linkingEn = {
  notLinked: 'You have not linked an account yet. Send /link in a private chat with me.',
  /** No link found after the shared store lost its data: it may have been lost, not never made. */
  notLinkedDataLost:
    'I cannot find a linked account for you, because my storage lost its data. I am sorry: send /link in a private chat with me to link it again. Nothing was sent to the provider.',
  notLinkedCard:
    'Card commands need the PIN-creation account from your provider. Link it with /link card in a private chat.',
  linkAskUsername: (kind: 'account' | 'card'): string =>
    kind === 'card'
      ? 'Linking your PIN-creation (card) account. Send me its username. (/cancel to stop)'
      : 'Linking your telephony account. Send me your username. (/cancel to stop)',
  linkAskPassword: (username: string) =>
    `Now send the password for "${username}". I delete your message as soon as I have read it, and I only keep its md5, encrypted.`,
  linkChecking: 'Checking those credentials with the provider…',
  linkDone: (label: string, kind: 'account' | 'card') =>
    kind === 'card'
      ? `Linked the card account "${label}". /card commands now work.`
      : `Linked "${label}" and made it your active account. Try /balance.`,
  linkPasswordDeleted: 'I deleted the message with your password.',
  linkFailedAuth: 'The provider refused that username and password. Check them and send /link to try again.',
  linkCancelled: 'Linking cancelled. Nothing was stored.',
  linkExpired: 'That linking conversation timed out. Send /link to start again.',
  linkTypedInShared:
    'Never type a password in a shared chat. Open a private chat with me and send /link there.',
  linkTooLong: 'That is too long for a username or password. Send /link to start again.',
  unlinked: (label: string) => `Unlinked "${label}". Its stored credentials are deleted.`,
  unlinkUnknown: (label: string) => `You have no linked account called "${label}". See /accounts.`,
  accountsTitle: 'Linked accounts',
  accountsNone: 'No accounts linked yet. Send /link in a private chat.',
  accountsActive: 'active',
  colLabel: 'Label',
  colKind: 'Kind',
  kinds: { account: 'account', card: 'card' },
  useDone: (label: string) => `"${label}" is now your active account.`,
  useUnknown: (label: string) => `You have no linked account called "${label}". See /accounts.`,
  useCard: (label: string, accounts: string) =>
    `"${label}" is your card (PIN-creation) login: the /card commands use it on their own. /use picks the account for everything else: ${accounts}.`,
  cancelNothing: 'There is nothing to cancel.',
};
