import type { Messages } from '../messages.js';
import type { ArgumentPrompt } from '../ports/records.js';
import type { Stores } from '../ports/stores.js';
import type { Reply } from '../reply.js';

/** How long the bot waits for the answer to its question. */
const PROMPT_TTL_MS = 5 * 60_000;

/**
 * Asks for the one missing argument of a command (docs/interface.md §3.3): `/topup` alone (or the menu's Top up,
 * or a deep link from a group) asks for the PIN; a shared contact's Call asks for A. The answer is
 * the next plain text; a command or /cancel ends the question.
 */
export async function askFor(
  stores: Stores,
  idKey: string,
  prompt: Omit<ArgumentPrompt, 'expiresAt'>,
  now: Date,
  t: Messages,
): Promise<Reply> {
  await stores.settings.updateUser(idKey, {
    prompt: { ...prompt, expiresAt: new Date(now.getTime() + PROMPT_TTL_MS).toISOString() },
  });
  if (prompt.ask === 'pin') return { text: t.promptPin, asksSecret: 'topup' };
  return { text: prompt.ask === 'amount' ? t.promptThreshold : t.promptNumber(prompt.command) };
}

export type PromptAnswer =
  | { kind: 'none' }
  | { kind: 'reply'; replies: Reply[] }
  | { kind: 'run'; command: string; tokens: string[]; secret: boolean };

/** Routes plain text (or `/cancel`) to a waiting question. */
export async function answerPrompt(
  stores: Stores,
  idKey: string,
  text: string,
  now: Date,
  t: Messages,
): Promise<PromptAnswer> {
  const prompt = (await stores.settings.user(idKey)).prompt;
  if (!prompt) return { kind: 'none' };
  await stores.settings.updateUser(idKey, { prompt: undefined });
  const secret = prompt.ask === 'pin';
  if (/^\/cancel\b/i.test(text))
    return { kind: 'reply', replies: [{ text: t.promptCancelled, deleteIncoming: false }] };
  if (Date.parse(prompt.expiresAt) <= now.getTime())
    return { kind: 'reply', replies: [{ text: t.promptExpired, deleteIncoming: secret }] };
  return { kind: 'run', command: prompt.command, tokens: [...prompt.before, text, ...prompt.after], secret };
}
