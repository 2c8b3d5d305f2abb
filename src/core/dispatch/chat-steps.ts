import { normalizePhoneNumber } from '../../telephony/phone.js';
import { activeAccount } from '../accounts/credentials-access.js';
import { identityKey } from '../identity.js';
import { homeReply } from '../menu/home.js';
import { answerPrompt } from '../menu/prompts.js';
import { createPending } from './command-context.js';
import type { TextStep, TextTurn } from './text-steps.js';

/**
 * The steps a chat app needs before a command is looked up (docs/interface.md §4.1): a shared contact, a
 * command that ends a conversation, the answer to a question the bot asked, and plain chatter.
 */

const isCommand = (turn: TextTurn) => turn.input.text.trim().startsWith('/');
const isCancel = (turn: TextTurn) => /^\/cancel\b/i.test(turn.input.text.trim());

/** A message that was not text: a contact answers a question for a number, or offers Call and Target. */
export const attachmentStep: TextStep = async (e, turn) => {
  const { input, t } = turn;
  const attachment = input.attachment;
  if (!attachment) return undefined;
  turn.name = attachment.kind;
  // In a group a contact or a sticker is for the people there, not for the bot.
  if (input.chat.kind === 'shared' && input.via === 'chat') return [];
  if (attachment.kind === 'other') return [{ text: t.unsupportedMessage }];
  const number = normalizePhoneNumber(attachment.phone);
  if (!number.ok) return [{ text: t.contactNoNumber, tone: 'warning' }];
  const digits = number.value.digits;
  const idKey = identityKey(input.identity);
  if ((await e.stores.settings.user(idKey)).prompt?.ask === 'number') {
    const answer = await answerPrompt(e.stores, idKey, `+${digits}`, e.clock(), t);
    if (answer.kind === 'reply') return answer.replies;
    const spec = answer.kind === 'run' ? e.byName.get(answer.command) : undefined;
    if (spec && answer.kind === 'run') {
      turn.spec = spec;
      turn.name = spec.name;
      turn.tokens = answer.tokens;
      return undefined;
    }
  }
  const who = { ...input, role: 'holder' as const };
  const call = await createPending(e, 'prompt', 'call', [digits], who);
  const target = await createPending(e, 'prompt', 'target', [digits], who);
  return [
    {
      title: t.contactTitle(digits),
      text: t.contactText,
      actions: [
        { label: t.contactCall, actionId: `k:${call}` },
        { label: t.contactTarget, actionId: `k:${target}` },
      ],
      visibility: 'personal',
    },
  ];
};

/** A command typed during a conversation ends it and runs: "/balance" while linking is no username. */
export const endConversationStep: TextStep = async (e, turn) => {
  if (!isCommand(turn) || isCancel(turn)) return undefined;
  const idKey = identityKey(turn.input.identity);
  const settings = await e.stores.settings.user(idKey);
  if (settings.conversation || settings.prompt)
    await e.stores.settings.updateUser(idKey, { conversation: undefined, prompt: undefined });
  return undefined;
};

/** Plain text (or /cancel) answers a question the bot asked; the command then runs as if typed. */
export const promptStep: TextStep = async (e, turn) => {
  if (turn.spec || (isCommand(turn) && !isCancel(turn))) return undefined;
  const answer = await answerPrompt(
    e.stores,
    identityKey(turn.input.identity),
    turn.input.text.trim(),
    e.clock(),
    turn.t,
  );
  if (answer.kind === 'none') return undefined;
  if (answer.kind === 'reply') {
    turn.name = 'prompt';
    turn.secretInput = answer.replies.some((r) => r.deleteIncoming);
    return answer.replies;
  }
  const spec = e.byName.get(answer.command);
  if (!spec) return undefined;
  turn.spec = spec;
  turn.name = spec.name;
  turn.tokens = answer.tokens;
  // A PIN typed as an answer is deleted like one typed in the command.
  turn.secretInput = answer.secret;
  return undefined;
};

/** Chat text that is no command and no answer: a hint and the home menu in private, silence in a group. */
export const chatTextStep: TextStep = async (e, turn) => {
  if (turn.spec || isCommand(turn) || turn.input.via !== 'chat') return undefined;
  turn.name = 'chat-text';
  if (turn.input.chat.kind === 'shared') return [];
  const active = activeAccount(await e.stores.credentials.get(identityKey(turn.input.identity)));
  return [homeReply(turn.t, active?.label, turn.t.chatHint)];
};
