/** English: the money guard: spend limits, price ceilings, card caps and four-eyes approvals. */
export const guardEn = {
  limitFix:
    'say daily, monthly or price and an amount, e.g. /limit daily 5.00, /limit price 0.10, or /limit off',
  limitKinds: { daily: 'Daily limit', monthly: 'Monthly limit', price: 'Price ceiling' } as Record<
    string,
    string
  >,
  limitNone:
    'No spend limit or price ceiling is set. Set one with /limit daily 5.00, /limit monthly 50 or /limit price 0.10.',
  limitTitle: (label: string) => `Limits of "${label}"`,
  limitSpent: (spent: string, limit: string, percent: number) => `${spent} of ${limit} (${percent} %)`,
  limitPerMinute: (price: string) => `${price} per minute`,
  /** Spend read from more records than one read returns: the sum is a lower bound. */
  limitAtLeast: (amount: string) => `at least ${amount}`,
  limitNote:
    'The provider’s API cannot stop calls made outside the bot (phones, SIP lines): a limit warns at 50, 80 and 100 %, and refuses the calls the bot itself would start.',
  limitSet: (kind: string, amount: string) => `${kind} set to ${amount}.`,
  limitOff: 'Spend limits and price ceiling switched off.',
  limitOffOne: (kind: string) => `${kind} switched off.`,
  limitOffNone: 'There was no limit to switch off.',
  limitAlertTitle: (percent: number) => `Spend at ${percent} % of the limit`,
  limitAlert: (label: string, kind: string, spent: string, limit: string, percent: number) =>
    `"${label}": ${kind.toLowerCase()} spend is ${spent} of ${limit} (${percent} %).`,
  limitButton: 'Limits',
  limitAlertReached:
    'The bot now refuses new calls until the period ends. Calls from phones and SIP lines still go through: the API cannot stop them.',
  limitAlertPublic: (label: string, kind: string, percent: number) =>
    `"${label}" reached ${percent} % of its ${kind.toLowerCase()}. Agents can see it with /limit.`,
  limitReachedCall: (kind: string, spent: string, limit: string) =>
    `Not calling: the ${kind.toLowerCase()} of ${limit} is reached (${spent} spent). Nothing was sent. Change it with /limit.`,
  callAboveCeiling: (destination: string, rate: string, ceiling: string) =>
    `Not calling: ${destination} costs ${rate} per minute, above the price ceiling of ${ceiling}. Nothing was sent. Change it with /limit price.`,
  callAboveCeilingApprovalsHint:
    'In this team chat, /approvals on call lets a second person approve such calls.',
  /** docs/money-guard.md §1.5: what is left, with the calls still running counted, buys less than one minute. */
  callLimitLeft: (kind: string, left: string, rate: string) =>
    `Not calling: the ${kind.toLowerCase()} leaves ${left} (calls still running counted), less than one minute at ${rate} per minute. Nothing was sent. Check /limit; raise it with e.g. /limit daily 10.00.`,
  callNoRate: (b: string) =>
    `Not calling: the provider gave no rate for +${b}, so I cannot tell how long your spend limit allows. Nothing was sent. Check it with /rate +${b}.`,
  callAllowedMinutes: (minutes: number, kind: string) =>
    `Your ${kind.toLowerCase()} allows this call ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}: I will hang up before then.`,
  // Card caps
  cardCapFix: 'give the card number and the cap, e.g. /card limit +49 170 1234567 20.00, or off',
  cardCapSet: (cli: string, cap: string, amount: string) =>
    `Watching card +${cli}: it is blocked once it spends more than ${cap} from now on. Its amount is ${amount} now.`,
  cardCapShow: (cli: string, spent: string, cap: string, since: string) =>
    `Card +${cli} spent ${spent} of its cap of ${cap} since ${since}.`,
  cardCapNone: (cli: string) => `No cap is set on card +${cli}. Set one with /card limit +${cli} 20.00.`,
  cardCapOff: (cli: string) => `Card +${cli} is no longer watched.`,
  cardCapBlockedTitle: 'Card blocked: cap passed',
  cardCapBlocked: (cli: string, spent: string, cap: string) =>
    `Card +${cli} spent ${spent}, more than its cap of ${cap}, so I blocked it. Unblocking asks for confirmation: /card unblock +${cli}.`,
  cardCapBlockedPublic: 'A prepaid card passed its cap and was blocked. Its owner was told.',
  cardCapBlockUnknown: (cli: string) =>
    `Card +${cli} passed its cap. I tried to block it but got no answer, so I do not know whether it is blocked: check with /card show +${cli}.`,
  cardCapBlockClaimed: (cli: string) =>
    `Its earlier cap had already been passed: the card is being blocked, or was, by that cap. Check with /card show +${cli}; /card unblock +${cli} unblocks it.`,
  cardConfirmUnblock: (cli: string) => `Unblock the card +${cli}? It can be used again at once.`,
  // Four-eyes
  approvalsFix:
    'say on or off and what, e.g. /approvals on card block, /approvals on call 0.10, /approvals on topup 20, or /approvals approvers admins',
  approvalsNotHere:
    'Approvals work in team chats only (a group, a support channel): there a second person approves what moves money or cuts service. Here nobody else could approve.',
  approvalsAdminsOnly: 'Only an admin of this chat can change what needs approval.',
  approvalsTitle: 'Approvals in this chat',
  approvalsNone:
    'Nothing needs a second person here. Turn it on with /approvals on card block (or card, call, topup).',
  approvalsOn: (what: string) => `${what}: needs approval.`,
  approvalsWho: (who: string) => `Who may approve: ${who}. Nobody can approve their own request.`,
  approvalsWhoNames: { admins: 'the chat’s admins', agents: 'the support channel’s agents' } as Record<
    string,
    string
  >,
  approvalsExpiry: (minutes: number) => `A request expires after ${minutes} minutes.`,
  approvalsTopupUnknown:
    'Top-ups with a PIN are never held: the bot cannot know a PIN’s value before it is used. "topup" holds card loads (card create with an amount).',
  approvalsActions: {
    'card create': 'creating a card',
    'card block': 'blocking a card',
    'card unblock': 'unblocking a card',
    'card disable': 'disabling a card',
    'card renumber': 'moving a card to a new number',
    call: 'calls above a price',
    topup: 'loading a card with money',
  } as Record<string, string>,
  approvalsAbove: (what: string, amount: string) => `${what} (above ${amount})`,
  approvalsPerMinute: (price: string) => `${price} per minute, in the account’s currency`,
  approvalsCallCeiling: 'calls above the account’s /limit price',
  approvalsChanged: 'Approval policy changed.',
  approvalsNoAgents: 'Agents can approve only in a support channel; this chat has none.',
  approvalTitle: 'Approval needed',
  approvalAsk: (who: string, what: string) => `${who} asks to ${what}.`,
  approvalWho: (approvers: string, who: string) => `${approvers} may approve; not ${who}.`,
  approvalExpiresIn: (minutes: number) => `Expires in ${minutes} minutes.`,
  approveButton: 'Approve',
  refuseButton: 'Refuse',
  approvalWhat: {
    'card create': (card: string) => `create the card ${card}`,
    'card block': (card: string) => `block the card ${card}`,
    'card unblock': (card: string) => `unblock the card ${card}`,
    'card disable': (card: string) => `disable the card ${card}`,
    'card renumber': (card: string) => `move the card ${card} to a new number`,
    call: (card: string) => `call ${card}`,
    topup: (card: string) => `load the card ${card}`,
  } as Record<string, (target: string) => string>,
  approvalCallWhat: (destination: string, rate: string) => `${destination} at ${rate} per minute`,
  approvalCardWhat: (card: string, amount?: string) => (amount ? `${card} with ${amount}` : card),
  approvalOwn: 'You cannot approve your own request: another person must.',
  approvalNotApprover: (approvers: string) => `Only ${approvers} can decide this request.`,
  approvalDecided: 'This request was already decided.',
  approvalApprovedDone: (who: string) => `Approved by ${who}. Done.`,
  approvalApprovedFailed: (who: string) => `Approved by ${who}, but it did not succeed.`,
  approvalDetailsTo: (who: string) => `The details went to ${who} privately.`,
  approvalRefused: (who: string) => `Refused by ${who}. Nothing was done.`,
  approvalWithdrawn: (who: string) => `Withdrawn by ${who}. Nothing was done.`,
  approvalExpired: 'Expired: nobody decided in time. Nothing was done.',
  approvalNoLongerAllowed: 'Approved, but the requester may no longer run this here. Nothing was done.',
  approvalSomeone: 'someone',
};
