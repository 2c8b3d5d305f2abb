import type { Reply } from '../reply.js';
import type { Resolved } from './turn.js';

/**
 * A secret typed where others read it and the channel cannot delete it (a Slack message that
 * mentions the bot; docs/privacy.md §2.2): it is already exposed, so refusing it protects nothing.
 * A PIN is offered to be redeemed at once, before anyone else can: the command goes on to its
 * confirmation, which says why, shown to the asker alone. Any other secret is refused as before.
 */
export function pinExposed(turn: Resolved): boolean {
  const { input, spec, record } = turn;
  return (
    record.secretInput &&
    spec.ask === 'pin' &&
    input.chat.kind === 'shared' &&
    !input.inputIsPrivate &&
    input.can?.deleteIncoming === false
  );
}

/**
 * The refusal of a command that must not run where others read the input, in the words of what the
 * channel can do: where it has private forms (Slack's slash command, whose text the bot alone sees,
 * and its modals), the same command typed that way; elsewhere, the private chat.
 */
export function privateOnlyRefusal(turn: Resolved): Reply {
  const { spec, input } = turn;
  const { t } = turn.loc;
  if (input.can?.secretForm)
    return { text: t.privateOnlyUseCommand(spec.name), tone: 'warning', visibility: 'personal' };
  return { text: t.privateOnly(spec.name), tone: 'warning', privateRedirect: { startParam: spec.name } };
}
