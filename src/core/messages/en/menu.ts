import { plural } from '../plural.js';

/** English: the home menu, paging, prompts and chat etiquette (docs/interface.md §3.1). */
export const menuEn = {
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
  vTeamSetup: "Send /team setup on its own: the support channel's form opens.",
  teamSetupAdminOnly: 'Only a workspace admin or owner can set up a support channel.',
  teamSetupNoForm: 'A support channel is set up in a private form, which this chat cannot show.',
};
