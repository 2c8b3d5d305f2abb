import type { ChannelCapabilities } from '../../core/index.js';
import { teamsWords } from './words/index.js';

/**
 * What a Teams bot can do (docs/teams.md §3), declared honestly: it shows a message to one member
 * of a group chat or channel (a targeted message) unless targeted messages are switched off, edits
 * its own messages, and asks for a secret in an Adaptive Card's input (in the personal chat, or a
 * targeted card); it cannot delete a message a person sent, and does not delete its own later.
 */
export function teamsCan(targeted: boolean): ChannelCapabilities {
  return {
    showToOne: targeted,
    deleteIncoming: false,
    deleteLater: false,
    secretForm: true,
    hiddenInput: false,
    edit: true,
    privateWords: { en: teamsWords.en.privateConversation, de: teamsWords.de.privateConversation },
  };
}
