/**
 * English: the words whose promise depends on what the channel can do (docs/architecture.md §8.3.3,
 * capabilities.ts picks them): a deletion is claimed only where the channel deletes.
 */
const toPrivateChat = (name: string) => `${name}, I sent the answer to our private chat.`;

export const deliveryEn = {
  /**
   * Where an answer went, in the core's own words for a private chat: for a channel that declares
   * no words of its own for its private conversation (ports/channel.ts `privateWords`).
   */
  privateChat: {
    sentToYou: toPrivateChat,
    sentTo: toPrivateChat,
    fileSentTo: (file: string) => `I sent ${file} to our private chat.`,
    cantReach: (name: string) =>
      `${name}, I can't write to you privately yet. Open a private chat with me, then ask again.`,
  },

  linkAskPasswordKept: (username: string) =>
    `Now send the password for "${username}". I only keep its md5, encrypted.`,
  linkAskPasswordHidden: (username: string) =>
    `Now type the password for "${username}"; it is not shown as you type. I only keep its md5, encrypted.`,
  linkUseForm:
    'Passwords go into a private form here, never into a message: send /link and fill in the form that opens.',
  cardConfirmCreate: (cli: string, amount: string) =>
    `Create a card for +${cli} with ${amount}? The amount is charged to your account.`,
  cardConfirmCreateNoAmount: (cli: string) =>
    `Create a card for +${cli}? Its amount is charged to your account.`,
  helpConfirmSome: (which: string) => `Asks for confirmation first: ${which}.`,
  promptThreshold: 'Send the new threshold, e.g. 5.00, or off to stop the alert. /cancel to stop.',
  formNotLinked: 'You have not linked an account yet. Send /link: a private form opens for the password.',
  formNotLinkedCard:
    'Card commands need the PIN-creation account from your provider. Send /link card: a private form opens.',
  formLinkTypedInShared:
    'Never type a password in a message. Send /link and use the private form that opens.',
  formAccountsNone: 'No accounts linked yet. Send /link: a private form opens.',
  formHomeNotLinked: 'No account linked yet: press Settings, then Link account (a private form opens).',
  formWelcomeNotLinked: 'First link your account with /link (a private form opens). Then try /balance.',
  promptPinKept: 'Send me the PIN from your card. /cancel to stop.',
  promptPinHidden: 'Type the PIN from your card; it is not shown as you type. /cancel to stop.',
  promptPinInCommand:
    'Send the PIN with the command, e.g. /topup 1234567890: only I see what you type after a command.',
};
