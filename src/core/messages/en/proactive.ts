/** English: the bot speaking first (docs/proactive.md §4.1): alerts, call reports, spend charts, digests. */
export const proactiveEn = {
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
  callReportLimit: (minutes: number) => `It ended at the provider’s ${minutes}-minute limit.`,
  callReportAmbiguous: (count: number, b: string) =>
    `${count} calls to +${b} ran at about the same time, and their records cannot tell which one was this call, so I show no duration or cost here. See them all with /cdrs today.`,
  callReportUnsure: (b: string) =>
    `The records hold a call to +${b} near this call's time but not at it, so I cannot tell whether it was this one. See /cdrs today.`,
  callHangingUp: 'Hanging up…',
  callReportNone: (minutes: number) =>
    `No call record appeared within ${minutes} minutes. Check with /cdrs today.`,
  spendTitle: (from: string, to: string) => `Spend ${from} – ${to}`,
  spendCaption: (total: string, calls: number, from: string, to: string) =>
    `${total} on ${calls} call${calls === 1 ? '' : 's'}, ${from} – ${to}`,
  spendNone: (from: string, to: string) => `No calls between ${from} and ${to}, so nothing to chart.`,
  spendCapped: (n: number) =>
    `Only the latest ${n} calls were read: the period holds more, so the total is at least this. A shorter period shows all.`,
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
};
