import { capitalise } from '../plural.js';

/** English: provider failures, in plain words with a next step. */
export const failuresEn = {
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
  /** A redelivered message whose never-retry operation was already sent once (durable key). */
  errAlreadySent: (check: string) =>
    `I received this message before and already sent that once; I do not send it twice. Check ${check} to see what happened.`,
  /** The store's disk is full or read-only: the operator's log names the path and the fix. */
  storeCannotWrite:
    'I cannot save anything right now (my storage cannot be written), so I stopped before doing that. The operator has been told; please try again later.',
  /** docs/reliability.md §5.1: another instance took the store over; this one stops. */
  writerLockLost:
    'I did not send that: another copy of this bot has taken over my storage, and I am stopping so nothing is sent twice. Please send it again in a minute.',
  storeUnavailable:
    'I am temporarily unavailable (my storage cannot be reached), so I did not do that. Please send it again in a minute.',
  /** docs/reliability.md §5.6: a never-retry request from before a detected data loss. */
  beforeDataLoss: (command: string) =>
    `I did not run your ${command}: my storage lost its data a moment ago, and this request may be from before that, when it may already have been carried out. Check /cdrs and /balance (for a card: /card show) to see whether it happened, then send it again if you still want it.`,
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
};
