import { normalizePhoneNumber } from '../../telephony/phone.js';
import { activeAccount } from '../accounts/credentials-access.js';
import { encodeButton } from '../buttons.js';
import { identityKey } from '../identity.js';
import { homeReply } from '../menu/home.js';
import { answerPrompt } from '../menu/prompts.js';
import type { Reply, ReplyAction } from '../reply.js';
import { createPending } from './command-context.js';
import type { Engine } from './engine.js';
import { answer, type Received, type Resolver, resolvedAs } from './turn.js';

/**
 * The steps a chat app needs before a command is looked up (docs/interface.md §3): a shared contact, a
 * command that ends a conversation, the answer to a question the bot asked, and plain chatter.
 */

const isCommand = (turn: Received) => turn.input.text.trim().startsWith('/');
const isCancel = (turn: Received) => /^\/cancel\b/i.test(turn.input.text.trim());

/** A message that was not text: a contact answers a question for a number, or offers Call and Target. */
export const attachmentStep: Resolver = async (e, turn) => {
  const { input } = turn;
  const { t } = turn.loc;
  const attachment = input.attachment;
  if (!attachment) return undefined;
  turn.record.name = attachment.kind;
  // In a group a contact or a sticker is for the people there, not for the bot.
  if (input.chat.kind === 'shared' && input.via === 'chat') return answer([]);
  if (attachment.kind === 'other') return answer([{ text: t.unsupportedMessage }]);
  const number = normalizePhoneNumber(attachment.phone);
  if (!number.ok) return answer([{ text: t.contactNoNumber, tone: 'warning' }]);
  const digits = number.value.digits;
  const idKey = identityKey(input.identity);
  if ((await e.stores.settings.user(idKey)).prompt?.ask === 'number') {
    const answered = await answerPrompt(e.stores, idKey, `+${digits}`, e.clock(), t);
    if (answered.kind === 'reply') return answer(answered.replies);
    const spec = answered.kind === 'run' ? e.byName.get(answered.command) : undefined;
    if (spec && answered.kind === 'run') return resolvedAs(turn, spec, answered.tokens);
  }
  return answer([await contactOffers(e, turn, digits)]);
};

/**
 * A contact's number offered to the commands whose `contactButton` says so (Call it, Store as
 * target); each button asks for the other number.
 */
async function contactOffers(e: Engine, turn: Received, digits: string): Promise<Reply> {
  const { t } = turn.loc;
  const who = { ...turn.input, role: 'holder' as const };
  const offers = e.table
    .flatMap((spec) => (spec.contactButton ? [{ spec, ...spec.contactButton }] : []))
    .sort((a, b) => a.order - b.order);
  const actions: ReplyAction[] = [];
  for (const { spec, label } of offers) {
    const ticket = await createPending(e, 'prompt', spec.name, [digits], who);
    actions.push({ label: label(t), actionId: encodeButton({ kind: 'prompt', id: ticket.id }) });
  }
  return { title: t.contactTitle(digits), text: t.contactText, actions, visibility: 'personal' };
}

/** A command typed during a conversation ends it and runs: "/balance" while linking is no username. */
export const endConversationStep: Resolver = async (e, turn) => {
  if (!isCommand(turn) || isCancel(turn)) return undefined;
  const idKey = identityKey(turn.input.identity);
  const settings = await e.stores.settings.user(idKey);
  if (settings.conversation || settings.prompt)
    await e.stores.settings.updateUser(idKey, { conversation: undefined, prompt: undefined });
  return undefined;
};

/** Plain text (or /cancel) answers a question the bot asked; the command then runs as if typed. */
export const promptStep: Resolver = async (e, turn) => {
  if (isCommand(turn) && !isCancel(turn)) return undefined;
  const answered = await answerPrompt(
    e.stores,
    identityKey(turn.input.identity),
    turn.input.text.trim(),
    e.clock(),
    turn.loc.t,
  );
  if (answered.kind === 'none') return undefined;
  if (answered.kind === 'reply') {
    turn.record.name = 'prompt';
    turn.record.secretInput = answered.replies.some((r) => r.deleteIncoming);
    return answer(answered.replies);
  }
  const spec = e.byName.get(answered.command);
  // A PIN typed as an answer is deleted like one typed in the command.
  return spec ? resolvedAs(turn, spec, answered.tokens, answered.secret) : undefined;
};

/** Chat text that is no command and no answer: a hint and the home menu in private, silence in a group. */
export const chatTextStep: Resolver = async (e, turn) => {
  if (isCommand(turn) || turn.input.via !== 'chat') return undefined;
  turn.record.name = 'chat-text';
  if (turn.input.chat.kind === 'shared') return answer([]);
  const active = activeAccount(await e.stores.credentials.get(identityKey(turn.input.identity)));
  return answer([homeReply(turn.loc.t, active?.label, turn.loc.t.chatHint)]);
};
