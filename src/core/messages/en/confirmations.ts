import { plural } from '../plural.js';

/** English: confirmations, group settings and support channels. */
export const confirmationsEn = {
  confirmButton: 'Confirm',
  cancelButton: 'Cancel',
  confirmExpired: 'This confirmation has expired or was already used. Send the command again.',
  confirmNotYours: 'Only the person who asked can press this.',
  confirmCancelled: 'Cancelled. Nothing was changed.',
  confirmExpiresIn: (minutes: number) =>
    `Confirm within ${plural('en', minutes, 'one minute', `${minutes} minutes`)}.`,
  confirmEdited: (command: string) =>
    `You edited an earlier message into ${command}, which acts at once and cannot be taken back. Run it as edited?`,
  working: 'Working on it…',
  confirmDonePrivately: 'Done: the result was sent to you privately.',
  confirmFailedPrivately: 'Not done: the reason was sent to you privately.',
  confirmDoneShownToYou: 'Done: the result is shown to you alone, here.',
  confirmFailedShownToYou: 'Not done: the reason is shown to you alone, here.',
  buttonRunning: 'This is already running; the answer follows.',
  buttonExpired: 'This button has expired. Send the command again.',
  // Short labels of a button that can no longer be pressed, shown on it (button-state.ts).
  buttonLabelExpired: 'Expired',
  buttonLabelRunning: 'Running…',
  buttonLabelCallEnded: 'Call ended',
  buttonLabelCancelled: 'Cancelled',
  buttonLabelDecided: 'Decided',

  // group settings and support
  groupDataOn: 'Balance, calls and other personal data may now be shown in this group.',
  groupDataOff: 'Personal data is now sent privately instead of to this group.',
  groupDataAdminOnly: 'Only a group admin can change this.',
  supportSetupDone: (agents: number) =>
    `This channel is now a support channel with ${plural('en', agents, 'one agent', `${agents} agents`)}. Agents act with the team's credentials; every change is audited.`,
  supportAdminOnly: 'Only an admin of this workspace or team can set up a support channel.',
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
};
