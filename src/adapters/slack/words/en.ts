/**
 * English: the sentences the Slack adapter writes itself, beside the core's catalogue (docs/language.md §1.2).
 * Their type is `SlackWords`: the German file must have every key this one has.
 */
export const slackEn = {
  /** Where an answer went: a direct message from the app (the channel's `privateWords`). */
  privateConversation: {
    sentToYou: (_name: string) => 'I sent that to you in a direct message.',
    sentTo: (name: string) => `${name}, I sent that to you in a direct message.`,
    fileSentTo: (file: string) => `I sent ${file} to you in a direct message.`,
    cantReach: (name: string) =>
      `${name}, I can't send you a direct message yet. Open my Messages tab, then ask again.`,
  },
  passwordInCommand: (command: string, modal: string) =>
    `I did not use that: passwords do not belong in command text, which Slack shows and keeps. Type just ${command} ${modal} and fill in the form that opens. If that was a real password, consider changing it.`,
  setupInChannel: (command: string) =>
    `Run ${command} team setup in the channel that should become a support channel.`,
  passwordExposed:
    'The password you typed is readable by everyone in this channel, and Slack does not let me delete your message. Change it at your provider now; I did not use it.',
  passwordHint:
    'Slack has no password field, so this one shows what you type; it is sent to the bot only, never posted.',
  linkIntroAccount: 'Link your *telephony account*. I check the credentials with the provider before saving.',
  linkIntroCard: 'Link your *PIN-creation (card)* credentials. I check them with the provider before saving.',
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
  checking: 'Checking with the provider…',
  refused: 'Refused.',
  partInConversation: 'The part with buttons or a file is in the conversation, as a message from me.',
  buttonsExpire: (time: string) => `Buttons expire at ${time}.`,
  shortened: '… shortened to fit one Slack message.',
  fileFailed: (name: string) => `I could not upload ${name}. Is the app a member of this conversation?`,
  supportLog: (day: string) => `Support log for ${day}`,
  pinTitle: 'Top up',
  pinIntro: 'Enter the PIN from your card. Only you see this form; I ask you to confirm before it is used.',
  pin: 'PIN',
  pinHint: 'The digits from your prepaid card, e.g. 1234567890.',
  pinSubmit: 'Continue',
  opening: 'One moment…',
  /** The agent view (docs/channels.md §2.3): its suggested prompts, and the offer of a support channel's account. */
  agentView: {
    prompts: [
      { title: 'Balance', message: 'balance' },
      { title: 'Last 10 calls', message: 'cdrs 10' },
      { title: 'Block a card', message: 'card block' },
    ],
    offer: (channel: string, account: string) =>
      `You are looking at ${channel}: use ${account}'s account? I check that you are its agent each time.`,
    use: (account: string) => `Use ${account}`,
    keep: 'My own account',
    actingAs: (channel: string, account: string) =>
      `As an agent of ${channel}, with ${account}'s account (audited there).`,
    notAgent: (channel: string) =>
      `You are no longer an agent of ${channel}; answering with your own account.`,
    own: 'Answering with your own account.',
    audit: 'agent view',
  },
  /** Work Objects (docs/channels.md §2.3): the unfurl and its panel. */
  workObject: {
    link: 'Link',
    card: 'Prepaid card',
    call: 'Call',
    linkFirst: 'Link this account first to see its balance and calls here.',
    notYours: 'This link belongs to an account you are not linked to.',
  },
};

export type SlackWords = typeof slackEn;
