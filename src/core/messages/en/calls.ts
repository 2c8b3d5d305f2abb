import { plural } from '../plural.js';

/** English: calls, top-ups, call records (CDRs) and SIP lines. */
export const callsEn = {
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
  cdrTitle: 'Call',
  cdrNotFound: 'No such call on this account: its start or number matches no record.',
  colDate: 'Date',
  colDuration: 'Duration',
  colAmount: 'Amount',
  colCaller: 'Caller',
  colCallee: 'Callee',
  colType: 'Type',
  cdrsTotal: (n: number, total: string) => `${plural('en', n, `${n} call`, `${n} calls`)}, total ${total}`,
  cdrsLatestOf: (shown: number, n: number, total: string) => `Latest ${shown} of ${n} calls, ${total} in all`,
  cdrsLatestOfAtLeast: (shown: number, n: number, total: string) =>
    `Latest ${shown} of at least ${n} calls (I read no more than the latest ${n}; ${total} for those); a shorter period shows every call`,
  cdrsMoreHint: (example: string) => `To list more, add a count, e.g. ${example}`,
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
};
