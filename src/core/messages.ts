/**
 * Every user-facing string, in one catalogue (issue 4). English is the default; a German catalogue
 * only has to satisfy `Messages`. Strings are plain text: adapters escape them for their markup.
 */
export const en = {
  welcome: (name: string) =>
    `Hello ${name}! I run your prepaid telephony account from this chat: balance, rates, calls, top-ups, call records and prepaid cards.`,
  welcomeLinked: (label: string) =>
    `You are linked as "${label}". Try /balance, or /help for everything I can do.`,
  welcomeNotLinked: 'First link your account with /link (in a private chat). Then try /balance.',
  helpTitle: 'Commands',
  helpFooter: 'Send /help <command> for details and an example.',
  helpUnknown: (name: string) => `There is no command "${name}". Send /help for the list.`,
  helpUsage: 'Usage',
  helpExample: 'Example',
  helpWho: 'Who',
  helpPrivateOnly: 'Only in a private chat.',
  helpConfirm: 'Asks for confirmation first.',
  unknownCommand: (name: string, suggestion?: string) =>
    `I don't know the command "${name}".${suggestion ? ` Did you mean /${suggestion}?` : ''} Send /help for the list.`,
  notACommand: 'Send a command such as /balance, or /help for the list.',
  badArgs: (fix: string, usage: string, example: string) =>
    `${capitalise(fix)}.\nUsage: ${usage}\nExample: ${example}`,
  privateOnly: (command: string) =>
    `/${command} handles passwords, PINs or SIP secrets, so it only works in a private chat with me. Nothing was stored or sent.`,
  sharedOnly: (command: string) => `/${command} is a group setting; use it in the group.`,
  notAllowed: (command: string) => `You are not allowed to run /${command} here.`,
  notAgent:
    'This is a support channel: only its agents can run commands here. Ask a workspace admin to add you.',
  rateLimited: (seconds: number) =>
    `You are sending commands faster than I can take them. Please wait ${seconds} s and try again.`,
  shuttingDown: 'I am restarting right now. Please send that again in a few seconds.',
  deliveredPrivately: 'I sent that to you privately, since it holds your personal data.',

  // linking
  notLinked: 'You have not linked an account yet. Send /link in a private chat with me.',
  notLinkedCard:
    'Card commands need the PIN-creation account from your provider. Link it with /link card in a private chat.',
  linkAskUsername: (kind: 'account' | 'card') =>
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
  useDone: (label: string) => `"${label}" is now your active account.`,
  useUnknown: (label: string) => `You have no linked account called "${label}". See /accounts.`,
  cancelNothing: 'There is nothing to cancel.',

  // account data
  balanceTitle: 'Balance',
  fieldBalance: 'Balance',
  fieldCustomer: 'Customer',
  fieldCustomerNumber: 'Customer no.',
  fieldAccountNumber: 'Account no.',
  fieldAccountName: 'Account name',
  fieldUsername: 'Username',
  fieldCurrency: 'Currency',
  ratesTitle: 'Rates per minute',
  colNumber: 'Number',
  colDestination: 'Destination',
  colPrefix: 'Prefix',
  colPrice: 'Price',
  ratesNoneMatched: 'None of those numbers matches a destination in the rate table.',
  ratesSomeMissing: (numbers: string) => `No rate for: ${numbers}`,
  checkTitle: 'Number check',
  fieldCountryCode: 'Country code',
  fieldNumber: 'Number',
  fieldPrefix: 'Prefix',
  fieldDestination: 'Destination',
  checkNoMatch: 'That number matches no destination the provider knows. Check the country code.',
  numbersTitle: 'Dial-in numbers',
  colCountry: 'Country',
  colCallthrough: 'Callthrough',
  colTollFree: 'Toll-free',
  colCallback: 'Callback',
  colCallbackFree: 'Callback toll-free',
  numbersNone: 'No dial-in numbers are configured for this account.',
  fieldPersonalDialIn: 'Personal dial-in',
  fieldTargetA: 'Stored A',
  fieldTargetB: 'Stored B',
  notSet: 'not set',
  targetConfirm: (a: string, b: string) =>
    `Store the callthrough pair A = +${a}, B = +${b}? Calling the dial-in number from A will then connect to B.`,
  targetDone: (a: string, b: string) =>
    `Stored: calls from +${a} to your dial-in number now connect to +${b}.`,

  // calls
  callStarted: (a: string, b: string) => `Calling +${a} first, then connecting +${b}.`,
  fieldCallId: 'Call id',
  hangupButton: 'Hang up',
  hangupDone: 'The call was stopped.',
  hangupNoCall: 'You have no call to stop. Give the call id: /hangup <callId>.',
  hangupUnknownEnded: (b: string) =>
    `Your call to +${b} whose start had no answer has ended; it is in /cdrs. Nothing is ringing.`,
  hangupUnknownNoId: (b: string, at: string) =>
    `Your call to +${b} (${at}) got no answer from the provider, so I have no id to stop it with, and it is not in /cdrs yet: it may still be ringing. Reject it on the phone to end it; /hangup again checks the records, /cdrs shows it once it ended.`,
  hangupAlreadyEnded: 'That call has already ended (or the id is unknown). It is in /cdrs once billed.',

  // top-up
  topupConfirm: 'Top up your account with this PIN? A PIN can be used only once.',
  topupDone: 'Topped up.',
  topupNewBalance: 'New balance',

  // CDRs
  cdrsTitle: (from: string, to: string) => `Calls ${from} – ${to}`,
  callshopTitle: (from: string, to: string) => `Callshop calls ${from} – ${to}`,
  cdrsNone: 'No calls in that period.',
  colDate: 'Date',
  colDuration: 'Duration',
  colAmount: 'Amount',
  colCaller: 'Caller',
  colCallee: 'Callee',
  colType: 'Type',
  cdrsTotal: (n: number, total: string) => `${n} call(s), total ${total}`,
  cdrsCsvHint: 'Add csv for a spreadsheet file, e.g. /cdrs 7d csv',

  // SIP lines
  linesTitle: 'SIP lines',
  linesNone: 'No SIP lines on this account.',
  colLine: 'Line',
  colUser: 'User',
  colServer: 'Server',
  colTransport: 'Transport',
  fieldPassword: (id: string) => `Password ${id}`,

  // cards
  cardTitle: (cli: string) => `Card +${cli}`,
  fieldState: 'State',
  fieldAmount: 'Amount',
  fieldAmountAll: 'Total amount',
  fieldSerial: 'Serial',
  fieldPin: 'PIN',
  pinHidden: 'hidden here; ask in a private chat',
  cardStates: { active: 'active', blocked: 'blocked', disabled: 'disabled' } as Record<string, string>,
  cardUsage: 'Use /card show|create|block|unblock|disable|renumber|activate …; /help card for details.',
  cardCreated: (cli: string) => `Created a card for +${cli}.`,
  cardConfirmBlock: (cli: string) => `Block the card +${cli}? It stops working until it is unblocked.`,
  cardConfirmDisable: (cli: string) => `Disable the card +${cli}? This cannot be undone by unblocking.`,
  cardConfirmRenumber: (cli: string, newCli: string) => `Move the card +${cli} to the number +${newCli}?`,
  cardDone: (verb: string, cli: string) => `Card +${cli}: ${verb}.`,
  cardVerbs: {
    blockcard: 'blocked',
    unblockcard: 'unblocked',
    disableCliByNumber: 'disabled',
    changeCliByNumber: 'renumbered',
    activateMyCard: 'activated',
    insert: 'created',
  } as Record<string, string>,

  // confirmations
  confirmButton: 'Confirm',
  cancelButton: 'Cancel',
  confirmExpired: 'This confirmation has expired or was already used. Send the command again.',
  confirmNotYours: 'Only the person who asked can press this.',
  confirmCancelled: 'Cancelled. Nothing was changed.',
  confirmExpiresIn: (minutes: number) => `Confirm within ${minutes} minutes.`,
  working: 'Working on it…',

  // group settings and support
  groupDataOn: 'Balance, calls and other personal data may now be shown in this group.',
  groupDataOff: 'Personal data is now sent privately instead of to this group.',
  groupDataAdminOnly: 'Only a group admin can change this.',
  supportSetupDone: (agents: number) =>
    `This channel is now a support channel with ${agents} agent(s). Agents act with the team's credentials; every change is audited.`,
  supportAdminOnly: 'Only a workspace admin can set up a support channel.',
  supportNeedsShared: 'A support channel has to be a channel, not a direct message.',
  auditTitle: 'Audit log',
  auditNone: 'No audited actions yet.',
  colWhen: 'When',
  colWho: 'Who',
  colCommand: 'Command',
  colTarget: 'Target',
  colOutcome: 'Outcome',
  auditNote: (who: string, what: string, outcome: string) => `${who} ran ${what}: ${outcome}`,

  // home menu, paging, prompts and chat etiquette (issue 16)
  homeTitle: 'Home',
  homeLinked: (label: string) =>
    `You are linked as "${label}". Choose below, or type a command such as /balance.`,
  homeNotLinked: 'No account linked yet: press Settings, then Link account (in a private chat with me).',
  menuBalance: '💰 Balance',
  menuCalls: '📞 Calls',
  menuTopup: '💳 Top up',
  menuCards: '🎫 Cards',
  menuSettings: '⚙️ Settings',
  menuHelp: '❓ Help',
  menuBack: '⬅️ Back',
  menuLink: '🔗 Link account',
  menuLinkCard: '🔗 Link card account',
  menuSummary: 'Show the home menu',
  helpGroupAccount: 'Account',
  helpGroupCalls: 'Calls',
  helpGroupCards: 'Prepaid cards',
  helpGroupLinking: 'Linking',
  helpGroupTeam: 'Groups and teams',
  helpGroupOther: 'Other',
  cardsTitle: 'Prepaid cards',
  cardsText:
    'Cards are addressed by their phone number:\n/card show +49 170 12345678\n/card create +49 170 12345678 10\n/card block +49 170 12345678\nSend /help card for every subcommand.',
  settingsTitle: 'Settings',
  pagePrevious: '◀',
  pageNext: '▶',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  pageExpired: 'This list has expired. Send the command again.',
  secretDeletesIn: (minutes: number) => `I delete this message in ${minutes} minutes.`,
  chatHint: 'I understand commands, not sentences. Choose below, or send /help.',
  unsupportedMessage:
    'I only read text commands, photo captions and shared contacts. Send /menu to see what I can do.',
  promptPin: 'Send me the PIN from your card (I delete your message at once). /cancel to stop.',
  promptNumber: (command: string) =>
    `/${command}: send the number to ring first (A), e.g. +49 30 1234567. /cancel to stop.`,
  promptCancelled: 'Cancelled. Nothing was changed.',
  promptExpired: 'That question timed out. Send the command again.',
  contactTitle: (number: string) => `Contact +${number}`,
  contactText: 'Call this number, or store it as the B of your callthrough pair?',
  contactNoNumber: 'That contact has no phone number I can use.',
  contactCall: '📞 Call it',
  contactTarget: '🎯 Store as target B',

  // provider failures, in plain words with a next step
  errInvalidPin: 'This PIN is not valid or was already used.',
  errNoCallingCard:
    'This account is not connected to a calling card, so it cannot be topped up with a PIN. Ask your provider to connect one.',
  errClockSkew:
    'The provider refused the request time even after I corrected my clock. Please try again in a minute.',
  errAuth:
    'The provider refused the stored credentials; the password may have changed. Link the account again with /link.',
  errAuthCard: 'The provider refused the PIN-creation credentials. Link them again with /link card.',
  errNotFound: 'The provider does not know that (it was removed or never set).',
  errCardNotFound: (cli: string) => `There is no card for +${cli}.`,
  errForbidden: (what: string) => `The provider refused this: ${what}.`,
  errCardTransition: (state: string) => `That is not possible for a card that is ${state}.`,
  errOutcomeUnknown:
    'The provider did not answer; I did not retry. Check /balance or /cdrs before trying again.',
  errOutcomeUnknownCard: (cli: string) =>
    `The provider did not answer; I did not retry. Check /card show +${cli} before trying again.`,
  /** provider-notes §3: unknown, with the one read that shows the truth. */
  errOutcomeUnknownCheck: (check: string) =>
    `The provider did not answer, so I do not know whether it happened; I did not retry. Check ${check} before trying again.`,
  callOutcomeUnknown: (b: string) =>
    `The provider did not answer, so I do not know whether the call to +${b} started; I did not retry. If a phone rings, /hangup tries to stop it; /cdrs shows the call once it ended.`,
  storeUnavailable:
    'I am temporarily unavailable (my storage cannot be reached), so I did not do that. Please send it again in a minute.',
  commandTooOld: (command: string) =>
    `Your ${command} reached me late, so I did not run it. Send it again if you still want it.`,
  interrupted: (command: string, at: string, check: string) =>
    `Your ${command} of ${at} was interrupted (the bot restarted) before the provider answered, so I do not know whether it happened. Check ${check} before trying again.`,
  errUnavailable:
    'The provider is not answering right now. Nothing was changed; please try again in a moment.',
  errRateLimited: 'The provider is busy right now. Nothing was changed; please try again in a minute.',
  errBadAnswer:
    'The provider sent an answer I cannot read. Please try again later; if it keeps happening, tell support.',
  errProvider: (code: number, description: string) =>
    `The provider answered with error ${code}: ${description}.`,
  errInternal: (ref: string) =>
    `Something went wrong on my side (ref ${ref}). It has been logged; please try again.`,
  errInvalidInput: (fix: string) => `${capitalise(fix)}.`,
};

export type Messages = typeof en;

const catalogues: Record<string, Messages> = { en };

/** The catalogue for a BCP 47 locale, falling back to English. */
export function messagesFor(locale: string | undefined): Messages {
  const lang = (locale ?? 'en').toLowerCase().split(/[-_]/)[0] ?? 'en';
  return catalogues[lang] ?? en;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
