import { joinList, plural } from '../plural.js';

/** English: argument validation: each names the fix, with an example. */
export const argumentsEn = {
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
  vCallRef:
    'A call id is its start in UTC and the number, as its link names it, e.g. /cdr 20261031T100100Z-4930123456.',
  vDateOrCount: (text: string) =>
    `"${text}" is neither a date nor a count; use e.g. /cdrs 7d today 20 or /cdrs 2026-11-01 2026-11-21`,
  vStartAfterEnd: 'the start date is after the end date; swap them, e.g. /cdrs 01.11.2026 21.11.2026',
  vCallId: 'a call id has letters, digits and dashes only, e.g. /hangup 4f2a-17',
  vOneCallId: 'give at most one call id, e.g. /hangup 4f2a-17',
  vSameAB: (digits: string) =>
    `A and B are the same number (+${digits}); A is the phone rung first, B the one it is then connected to. Give two different numbers, e.g. /call +49 30 1234567 +49 176 1234567`,
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
};
