/**
 * English: the sentences the Teams adapter writes itself, beside the core's catalogue (docs/language.md §1.2).
 * Their type is `TeamsWords`: the German file must have every key this one has.
 */
export const teamsEn = {
  /** Where an answer went: the personal chat with the app (the channel's `privateWords`). */
  privateConversation: {
    sentToYou: (_name: string) => 'I sent that to you in our personal chat.',
    sentTo: (name: string) => `${name}, I sent that to you in our personal chat.`,
    fileSentTo: (file: string) => `I sent ${file} to you in our personal chat.`,
    cantReach: (name: string) =>
      `${name}, I can't write to you personally yet. Open the Telephony app's chat (Apps → Telephony → Chat), then ask again.`,
  },
  linkIntroAccount:
    'Link your **telephony account**. I check the credentials with the provider before saving.',
  linkIntroCard:
    'Link your **PIN-creation (card)** credentials. I check them with the provider before saving.',
  pinIntro: 'Enter the top-up PIN. Only you see this card.',
  username: 'Username',
  password: 'Password',
  pin: 'PIN',
  linkSubmit: 'Link',
  pinSubmit: 'Top up',
  cancel: 'Cancel',
  cancelled: 'Cancelled. Nothing was linked or sent.',
  /** Said on a card whose inputs were used: the secret is gone from the card. */
  formUsed: 'Sent. The card keeps nothing you typed.',
  /** A press's answer once its budget lapsed: the outcome replaces the card when it comes. */
  working: 'Working on it; the answer follows here.',
  /** A card submitted again (Teams gave up waiting for the first): it runs once. */
  formAlreadySent:
    'Already sent: this card was submitted once and runs once. Its answer is in this chat or on the card; if you see none, send the command again, e.g. topup.',
  /** A card's form needs every field. */
  formMissing: 'Fill in every field, then press the button again.',
  /** A file's consent card (docs/teams.md §3.5): what it is, and what became of it. */
  fileOffered: (name: string) => `${name}: your export. Accept it to save it in your OneDrive.`,
  fileSent: (name: string) => `Sent: ${name} is in your OneDrive; open it from the card below.`,
  fileDeclined: (name: string) => `Not sent: ${name}. Ask again when you want it, e.g. cdrs 7d today csv.`,
  fileGone:
    'I no longer hold that file (files wait only a while, and not across a restart). Ask again, e.g. cdrs 7d today csv.',
  fileFailed: (name: string) =>
    `I could not save ${name} in your OneDrive. Ask again in a moment, e.g. cdrs 7d today csv.`,
  /** A support channel's set-up card (docs/teams.md §2.1), for a team owner alone. */
  setupIntro:
    "Set up this channel as a **support channel**: its agents act with the team's telephony account. I check the credentials with the provider before saving. Only you see this card.",
  setupAccountUser: 'Account username',
  setupAccountPassword: 'Account password',
  setupCardUser: 'PIN-creation (card) username, optional',
  setupCardPassword: 'PIN-creation (card) password, optional',
  setupAgents: 'Agents (members of this team)',
  setupMore: (shown: number) => `Only the first ${shown} members of the team are listed.`,
  setupSubmit: 'Set up',
  /** The card after set-up: the outcome is posted in the channel. */
  setupUsed: 'Done: the confirmation is in the channel. The card keeps nothing you typed.',
  /** A set-up card that is not the newest one sent to this person. */
  setupStale: 'This card is out of date. Send @Telephony team setup in the channel again.',
  /** Card credentials need both their fields. */
  setupCardPair: 'For the PIN-creation credentials, fill in both the username and the password, or neither.',
  /** The day's parent message of a support channel's audit thread. */
  supportLog: (day: string) => `Support log for ${day}`,
};

export type TeamsWords = typeof teamsEn;
