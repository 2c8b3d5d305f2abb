import type { Identity } from '../identity.js';
import { type ChannelWords, catalogues, type Messages } from '../messages.js';
import type { ChannelCapabilities, PrivateWords } from '../ports/channel.js';

/** The core's own words for a private chat, for a channel that has none of its own (`privateWords`). */
export const PRIVATE_CHAT: ChannelWords<PrivateWords> = {
  en: catalogues.en.privateChat,
  de: catalogues.de.privateChat,
};

/** A channel that can do none of the optional things: nothing is promised there. */
export const NOTHING: ChannelCapabilities = {
  showToOne: false,
  deleteIncoming: false,
  deleteLater: false,
  secretForm: false,
  hiddenInput: false,
  edit: false,
  privateWords: PRIVATE_CHAT,
};

/**
 * What the channel an input came from can do. Adapters say so (`IncomingText.can`); a caller that
 * does not (a test driving the core directly) gets nothing promised, whatever its platform: the
 * core names no platform (docs/architecture.md §5.2).
 */
export function capabilitiesOf(input: {
  identity: Identity;
  can?: ChannelCapabilities;
}): ChannelCapabilities {
  return input.can ?? NOTHING;
}

/**
 * A secret is asked for in a form where the channel has one and cannot delete a message (Slack): a
 * password or PIN typed as a message there would stay (docs/architecture.md §8.3.3).
 */
export function asksInForm(can: ChannelCapabilities): boolean {
  return can.secretForm && !can.deleteIncoming;
}

/**
 * The catalogue with every promise about a secret's message made true for this channel: a deletion
 * is claimed only where the channel deletes, a hidden entry only where the input is not echoed.
 */
export function honestWords(t: Messages, can: ChannelCapabilities): Messages {
  if (can.deleteIncoming) return t;
  if (asksInForm(can)) return { ...formWords(t), promptPin: t.promptPinInCommand };
  const hidden = can.hiddenInput;
  return {
    ...t,
    linkAskPassword: hidden ? t.linkAskPasswordHidden : t.linkAskPasswordKept,
    linkPasswordDeleted: '',
    promptPin: hidden ? t.promptPinHidden : t.promptPinKept,
  };
}

/**
 * Where a password goes into a form (Slack), the way to link is the form, not "a private chat with
 * me": the words name what this channel has.
 */
function formWords(t: Messages): Messages {
  return {
    ...t,
    linkAskPassword: t.linkAskPasswordKept,
    linkPasswordDeleted: '',
    notLinked: t.formNotLinked,
    notLinkedCard: t.formNotLinkedCard,
    linkTypedInShared: t.formLinkTypedInShared,
    accountsNone: t.formAccountsNone,
    homeNotLinked: t.formHomeNotLinked,
    welcomeNotLinked: t.formWelcomeNotLinked,
  };
}
