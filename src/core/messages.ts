import { de } from './messages-de.js';
import { capitalise, joinList, plural } from './plural.js';

/**
 * Every user-facing string, in one typed catalogue (issue 4, issue 14): replies, labels, table
 * headers, help, command summaries and menus, validation messages, and the few strings adapters
 * write themselves (Telegram notices, Slack modals, the console). Strings are plain text: adapters
 * escape them for their markup. `de` (messages-de.ts) is typed `Messages`, so a key missing in German
 * fails the type check; test/core/catalogue.test.ts checks that no German string is left in English.
 */
export const en = {
  language: 'en' as Language,
  welcome: (name: string) =>
    `Hello ${name}! I run your prepaid telephony account from this chat: balance, rates, calls, top-ups, call records and prepaid cards.`,
  welcomeSomeone: 'there',
  welcomeLinked: (label: string) =>
    `You are linked as "${label}". Try /balance, or /help for everything I can do.`,
  welcomeNotLinked: 'First link your account with /link (in a private chat). Then try /balance.',
  helpTitle: 'Commands',
  helpFooter: 'Send /help <command> for details and an example.',
  helpUnknown: (name: string) => `There is no command "${name}". Send /help for the list.`,
  helpUsage: 'Usage',
  helpExample: 'Example',
  helpWho: 'Who',
  helpAliases: 'Also',
  helpPrivateOnly: 'Only in a private chat.',
  helpConfirm: 'Asks for confirmation first.',
  roles: { holder: 'account holders', agent: 'support agents', admin: 'admins' },
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

  // command table: summary (menus, help), usage and an example, per command
  cmd: {
    start: { summary: 'Start: what I do and how to begin', usage: '/start', example: '/start' },
    menu: { summary: 'Show the home menu', usage: '/menu', example: '/menu' },
    help: {
      summary: 'Show the commands, or details of one',
      usage: '/help [command]',
      example: '/help call',
    },
    link: {
      summary: 'Link your telephony account (or with "card", the PIN-creation account)',
      usage: '/link [card] [username]',
      example: '/link',
    },
    cancel: { summary: 'Stop a linking conversation', usage: '/cancel', example: '/cancel' },
    unlink: {
      summary: 'Forget a linked account (the active one if none is named)',
      usage: '/unlink [label]',
      example: '/unlink work',
    },
    accounts: { summary: 'List your linked accounts', usage: '/accounts', example: '/accounts' },
    use: { summary: 'Switch the active account', usage: '/use <label>', example: '/use work' },
    balance: { summary: 'Balance and account details', usage: '/balance', example: '/balance' },
    rate: {
      summary: 'Price per minute to one or more numbers',
      usage: '/rate <number> [number…]',
      example: '/rate +49 30 1234567',
    },
    check: {
      summary: 'Check a number: country code, prefix and destination',
      usage: '/check <number>',
      example: '/check +43 1 234567',
    },
    numbers: {
      summary: 'Dial-in and callback numbers by country, and the stored A/B pair',
      usage: '/numbers',
      example: '/numbers',
    },
    target: {
      summary: 'Store the callthrough pair: calls from A to the dial-in number reach B',
      usage: '/target <A> <B>',
      example: '/target +49 170 1234567 +43 1 234567',
    },
    lines: {
      summary: 'Your SIP lines (passwords only in a private chat)',
      usage: '/lines',
      example: '/lines',
    },
    call: {
      summary: 'Start a web callback: ring A, then connect B',
      usage: '/call <A> <B>',
      example: '/call +49 30 1234567 +49 176 1234567',
    },
    hangup: {
      summary: 'Stop your last call, or the call with this id',
      usage: '/hangup [call id]',
      example: '/hangup',
    },
    topup: {
      summary: 'Top up with a PIN from a cash or calling card',
      usage: '/topup <PIN>',
      example: '/topup 12345678',
    },
    cdrs: {
      summary: 'Your call records (dates: today, yesterday, 7d, 2026-11-01, 01.11.2026)',
      usage: '/cdrs [from] [to] [count] [csv]',
      example: '/cdrs 7d today 20',
    },
    callshop: {
      summary: 'Callshop call records, with a total',
      usage: '/callshop [from] [to] [count] [csv]',
      example: '/callshop yesterday today',
    },
    card: {
      summary: 'Prepaid cards: show, create, block, unblock, disable, renumber, activate',
      usage: '/card show|create|block|unblock|disable|renumber|activate <number> …',
      example: '/card block +49 176 1234567',
    },
    groupdata: {
      summary: 'Group admins: allow (on) or stop (off) personal data such as balances in this group',
      usage: '/groupdata on|off',
      example: '/groupdata on',
    },
    audit: {
      summary: 'Agents: the recent audited actions in this channel',
      usage: '/audit [count]',
      example: '/audit 20',
    },
    language: {
      summary: 'Choose my language: English (en) or German (de)',
      usage: '/language [en|de]',
      example: '/language de',
    },
    timezone: {
      summary: 'Set your time zone for dates and times',
      usage: '/timezone [zone]',
      example: '/timezone Europe/Berlin',
    },
    alert: {
      summary: 'Alert me when the balance falls below an amount',
      usage: '/alert [amount|off]',
      example: '/alert 5,00 €',
    },
    spend: {
      summary: 'A chart of your spend per day and top destinations',
      usage: '/spend [period]',
      example: '/spend 30d',
    },
    digest: {
      summary: 'A weekly message with your spend, a chart and the balance',
      usage: '/digest [weekly|off]',
      example: '/digest weekly',
    },
  },
  cardUsage: {
    show: '/card show <number>',
    create: '/card create <number> [amount] [customer name]',
    block: '/card block <number>',
    unblock: '/card unblock <number>',
    disable: '/card disable <number>',
    renumber: '/card renumber <number> <new number>',
    activate: '/card activate <number> <PIN>',
  },

  // validation: each names the fix, with an example
  arg: {
    number: 'the number',
    a: 'number A',
    b: 'number B',
    pin: 'the PIN',
    cardNumber: 'the card number',
    newNumber: 'the new number',
    label: 'the account label',
    callId: 'the call id',
    count: 'the count',
  },
  vNoArgs: (command: string) => `/${command} needs nothing after it; send just /${command}`,
  vCount: (names: string[], min: number, max: number, got: number) =>
    min === max
      ? `give ${joinList(names, 'and')} (${plural('en', min, 'one value', `${min} values`)}); you gave ${got}`
      : `give ${min} to ${max} values (${joinList(names, 'and')}); you gave ${got}`,
  vPhone: {
    format: 'write it in international form with the country code, e.g. +49 30 1234567 or 0049 30 1234567',
    empty: (what: string) => `${what} is empty`,
    characters: (what: string, text: string) => `${what} "${text}" has characters a phone number cannot have`,
    national: (what: string) => `${what} starts with a single 0, so it has no country code`,
    length: (what: string) => `${what} needs 6 to 15 digits including the country code`,
    impossible: (what: string, digits: string) =>
      `${what} +${digits} is not a possible phone number; check the digits and the country code`,
  },
  vMissing: (what: string) => `${what} is missing`,
  vPin: 'a PIN is 4 to 32 digits, e.g. 12345678',
  vRateMin: 'give at least one number with its country code, e.g. /rate +49 30 1234567',
  vRateMax: 'give at most 20 numbers at once',
  vNotADate: (text: string) =>
    `"${text}" is not a real date; use e.g. today, yesterday, 7d, 2026-11-01 or 01.11.2026`,
  vTooManyDates: 'give at most two dates, from and to, e.g. /cdrs 01.11.2026 21.11.2026',
  vRecordCount: 'the number of records must be between 1 and 500, e.g. /cdrs 7d 50',
  vDateOrCount: (text: string) =>
    `"${text}" is neither a date nor a count; use e.g. /cdrs 7d today 20 or /cdrs 2026-11-01 2026-11-21`,
  vStartAfterEnd: 'the start date is after the end date; swap them, e.g. /cdrs 01.11.2026 21.11.2026',
  vCallId: 'a call id has letters, digits and dashes only, e.g. /hangup 4f2a-17',
  vOneCallId: 'give at most one call id, e.g. /hangup 4f2a-17',
  vCardSub: (subs: string) => `start with one of ${subs}, e.g. /card show +49 176 1234567`,
  vCardCount: (usage: string) => `that is not the right number of values for this; use ${usage}`,
  vCardAmount: 'the amount must be at most 100000.00, e.g. /card create +49 176 1234567 25',
  vCustomer: {
    control: 'the customer name has control characters; use plain text, e.g. Anna Schmidt',
    long: 'the customer name has at most 100 characters; shorten it, e.g. Anna Schmidt',
  },
  vLinkPassword: 'never type the password in the command; send /link and I ask for it',
  vLabel: 'an account label is one word, e.g. work',
  vOneLabel: 'give one account label, e.g. /unlink work (see /accounts)',
  vUseLabel: 'give the label of the account to use, e.g. /use work (see /accounts)',
  vOnOff: 'say on or off, e.g. /groupdata on',
  vAuditCount: 'give how many entries, from 1 to 100, e.g. /audit 20',
  vHelpOne: 'give one command name, e.g. /help call',
  vStartArgs: '/start takes no arguments; send /help for the list',
  vLanguage: 'say en for English or de for German, e.g. /language de',
  vTimeZone: (text: string, suggestion?: string) =>
    `"${text}" is not a time zone I know. ${suggestion ? `Did you mean /timezone ${suggestion}? ` : ''}Use a name from the IANA list, e.g. /timezone Europe/Berlin or /timezone America/New_York`,
  vOneTimeZone: 'give one time zone name, e.g. /timezone Europe/Berlin',
  vUsernameIssue: {
    empty: 'the username is empty; type it as the provider gave it, e.g. alice.smith',
    long: 'a username has at most 100 characters; check it, e.g. alice.smith',
    characters:
      'a username has only unaccented letters, digits and signs such as . _ @ -, without spaces; type it as the provider gave it, e.g. alice.smith',
  },
  vPassword: 'the password is empty or longer than 200 characters',
  vGeneric: 'those values do not fit this command',

  // preferences
  languageNames: { en: 'English', de: 'German' } as Record<Language, string>,
  languageSet: (name: string) => `I will speak ${name} with you from now on. Send /language de for German.`,
  languageNow: (name: string, chosen: boolean) =>
    `I speak ${name} with you${chosen ? ' (you chose it)' : ' (from your app settings)'}. Change it with /language en or /language de.`,
  timeZoneSet: (zone: string, now: string) =>
    `Your time zone is now ${zone}. It is ${now} there. Dates you type, such as today or 01.11.2026, are read in it too.`,
  timeZoneNow: (zone: string, now: string) =>
    `Your time zone is ${zone} (now ${now}). Change it with /timezone, e.g. /timezone Europe/Berlin.`,
  timeZoneUnknown:
    'I do not know your time zone, so I show times in UTC. Set it with /timezone, e.g. /timezone Europe/Berlin.',

  // linking
  notLinked: 'You have not linked an account yet. Send /link in a private chat with me.',
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
  fieldSubscriber: 'Subscriber part',
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
  hangupNoCall: 'You have no call to stop. Give the call id, e.g. /hangup 4f2a-17.',
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
  cdrsTotal: (n: number, total: string) => `${plural('en', n, `${n} call`, `${n} calls`)}, total ${total}`,
  timesIn: (zone: string) => `Times in ${zone}.`,
  cdrsCsvHint: 'Add csv for a spreadsheet file, e.g. /cdrs 7d csv',
  csvName: { cdrs: 'cdrs', callshop: 'callshop' },

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
  confirmExpiresIn: (minutes: number) =>
    `Confirm within ${plural('en', minutes, 'one minute', `${minutes} minutes`)}.`,
  working: 'Working on it…',
  confirmDonePrivately: 'Done: the result was sent to you privately.',
  confirmFailedPrivately: 'Not done: the reason was sent to you privately.',

  // group settings and support
  groupDataOn: 'Balance, calls and other personal data may now be shown in this group.',
  groupDataOff: 'Personal data is now sent privately instead of to this group.',
  groupDataAdminOnly: 'Only a group admin can change this.',
  supportSetupDone: (agents: number) =>
    `This channel is now a support channel with ${plural('en', agents, 'one agent', `${agents} agents`)}. Agents act with the team's credentials; every change is audited.`,
  supportAdminOnly: 'Only a workspace admin can set up a support channel.',
  supportNeedsShared: 'A support channel has to be a channel, not a direct message.',
  auditTitle: 'Audit log',
  auditNone: 'No audited actions yet.',
  colWhen: 'When',
  colWho: 'Who',
  colCommand: 'Command',
  colTarget: 'Target',
  colOutcome: 'Outcome',
  outcomes: { ok: 'done', refused: 'refused', failed: 'failed', unknown: 'unknown' } as Record<
    string,
    string
  >,
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
  secretDeletesIn: (minutes: number) =>
    `I delete this message in ${plural('en', minutes, 'one minute', `${minutes} minutes`)}.`,
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
  shortcutCallTitle: 'Call a number',
  shortcutCallA: 'Ring first (A)',
  shortcutCallAHint: 'Your phone, with country code, e.g. +49 30 1234567',
  shortcutCallB: 'Then connect (B)',
  shortcutCallSubmit: 'Call',
  shortcutCancel: 'Cancel',
  shortcutNoNumber:
    'I found no phone number with a country code in that message (e.g. +49 30 1234567 or 0049 30 1234567).',
  formsNeedCommand: (command: string) =>
    `Linking and setup use a private form, which only the slash command can open: type ${command} link (or ${command} team setup).`,

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
  /** The client's own refusal (its fix is English): the core's argument checks word these first. */
  errInvalidInput: (fix: string, _parameter: string) => `${capitalise(fix)}.`,

  // the bot speaks first (issue 15): alerts, call reports, spend charts, digests
  alertFix: 'give the threshold as an amount, e.g. 5 or 5,00 €, or off',
  spendPeriodFix: 'give a period such as 7d, 30d, 12w or 3m (at most a year)',
  spendOnePeriod: 'give one period, e.g. /spend 30d',
  digestFix: 'say weekly or off, e.g. /digest weekly',
  alertSet: (threshold: string, balance: string) =>
    `I will tell you once when the balance falls below ${threshold}. It is ${balance} now.`,
  alertSetAlreadyBelow: (threshold: string, balance: string) =>
    `The balance is ${balance}, already below ${threshold}. I will alert the next time it falls below after rising above it.`,
  alertSetInChannel: 'Alerts for the team account go to this channel.',
  alertShow: (threshold: string, armed: boolean) =>
    armed
      ? `You get an alert when the balance falls below ${threshold}. Change it with /alert <amount>, stop it with /alert off.`
      : `Alert at ${threshold}: already sent; it re-arms when the balance rises above it again (or after a top-up).`,
  alertPaused: (reason: string) =>
    `Alerts are paused because I could not deliver the last one (${reason}). Set the threshold again to resume.`,
  alertNone: 'No low-balance alert is set. Set one with /alert 5 (the amount in your account currency).',
  alertOff: 'Low-balance alert switched off.',
  alertOffNone: 'There was no low-balance alert to switch off.',
  alertCurrencyMismatch: (given: string, account: string) =>
    `This account is in ${account}, not ${given}. Give the threshold in ${account}, e.g. /alert 5.`,
  alertLowTitle: 'Low balance',
  alertLow: (label: string, balance: string, threshold: string) =>
    `The balance of "${label}" is ${balance}, below your alert at ${threshold}.`,
  alertLowPublic: (label: string) =>
    `The balance of "${label}" fell below the alert threshold. Agents can see it with /balance.`,
  alertTopUpButton: 'Top up',
  alertChangeButton: 'Change threshold',
  callReportTitle: 'Call ended',
  callReportEnded: (a: string, b: string) => `+${a} → +${b}`,
  fieldDuration: 'Duration',
  fieldCost: 'Cost',
  callReportCostPrivately: 'The cost was sent to the caller privately.',
  callReportNone: (minutes: number) =>
    `No call record appeared within ${minutes} minutes. Check with /cdrs today.`,
  spendTitle: (from: string, to: string) => `Spend ${from} – ${to}`,
  spendCaption: (total: string, calls: number, from: string, to: string) =>
    `${total} on ${calls} call${calls === 1 ? '' : 's'}, ${from} – ${to}`,
  spendNone: (from: string, to: string) => `No calls between ${from} and ${to}, so nothing to chart.`,
  spendPerDay: 'Spend per day',
  spendTopDestinations: 'Top destinations',
  digestOn: 'Every Monday I will send you last week’s spend, a chart and the balance. /digest off stops it.',
  digestOff: 'Weekly digest switched off.',
  digestShow: (on: boolean): string =>
    on
      ? 'The weekly digest is on. /digest off stops it.'
      : 'The weekly digest is off. /digest weekly starts it.',
  digestTitle: (from: string, to: string) => `Your week ${from} – ${to}`,
  digestText: (total: string, calls: number, balance: string) =>
    `Spent ${total} on ${calls} call${calls === 1 ? '' : 's'}. Balance now: ${balance}.`,

  // strings the adapters write themselves
  telegram: {
    sentPrivately: (name: string) => `${name}, I sent the answer to our private chat.`,
    privateBlocked: (name: string) =>
      `${name}, I can't write to you privately yet. Open a private chat with me, press Start, then ask again.`,
    openPrivateChat: 'Open private chat',
    failed: 'Something went wrong on my side. Please try again in a moment.',
  },
  slack: {
    passwordInCommand: (command: string, modal: string) =>
      `I did not use that: passwords do not belong in command text, which Slack shows and keeps. Type just ${command} ${modal} and fill in the form that opens. If that was a real password, consider changing it.`,
    setupInChannel: (command: string) =>
      `Run ${command} team setup in the channel that should become a support channel.`,
    setupAdminOnly: 'Only a workspace admin or owner can set up a support channel.',
    passwordHint:
      'Slack has no password field, so this one shows what you type; it is sent to the bot only, never posted.',
    linkIntroAccount:
      'Link your *telephony account*. I check the credentials with the provider before saving.',
    linkIntroCard:
      'Link your *PIN-creation (card)* credentials. I check them with the provider before saving.',
    username: 'Username',
    password: 'Password',
    linkTitle: 'Link account',
    linkCardTitle: 'Link card account',
    linkSubmit: 'Link',
    cancel: 'Cancel',
    close: 'Close',
    setupIntro: "Agents in this channel will act with the team's credentials. Everyone else is refused.",
    accountUsername: 'Account username',
    accountPassword: 'Account password',
    cardUsername: 'Card (PIN-creation) username',
    cardPassword: 'Card (PIN-creation) password',
    agents: 'Agents',
    pickPeople: 'Pick people',
    group: 'Or a user group id',
    groupHint: 'Members of this user group are agents too. Find the id in the group’s “Copy group ID”.',
    setupTitle: 'Support channel',
    setupSubmit: 'Set up',
    cardBothOrNeither: 'Give both the card username and password, or neither.',
    groupId: 'A user group id starts with S, e.g. S0123ABCD.',
    agentsNeeded: 'Name at least one agent or a user group.',
    formExpired: 'This form has expired; open it again.',
    submitFailed: 'Something went wrong; nothing was saved. Try again.',
    checking: 'Checking with the provider…',
    refused: 'Refused.',
    buttonsExpire: (time: string) => `Buttons expire at ${time}.`,
    shortened: '… shortened to fit one Slack message.',
    fileSent: (name: string) => `I sent ${name} to you in a direct message.`,
    sentDirect: 'I sent that to you in a direct message.',
    fileFailed: (name: string) => `I could not upload ${name}. Is the app a member of this conversation?`,
    supportLog: (day: string) => `Support log for ${day}`,
  },
  console: {
    saved: (path: string) => `Saved ${path}`,
    choose: 'Type a number to choose:',
    file: (name: string, bytes: number) => `[file ${name}, ${bytes} bytes]`,
    failed: (message: string) => `Sorry, that failed: ${message}`,
  },
};

export type Language = 'en' | 'de';
export type Messages = typeof en;

export const catalogues: Record<Language, Messages> = { en, de };

export { de };

/** The language of a BCP 47 locale (`de-DE`, `de_AT.UTF-8`) we have a catalogue for, else English. */
export function languageOf(locale: string | undefined): Language {
  const lang = (locale ?? '').toLowerCase().split(/[-_.]/)[0];
  return lang === 'de' ? 'de' : 'en';
}

/** The catalogue for a BCP 47 locale, falling back to English. */
export function messagesFor(locale: string | undefined): Messages {
  return catalogues[languageOf(locale)];
}
