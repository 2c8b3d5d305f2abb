import type { IncomingAction } from '../core.js';
import { place } from '../delivery/delivery.js';
import { identityKey } from '../identity.js';
import { askFor } from '../menu/prompts.js';
import type { ArgumentPrompt } from '../ports/records.js';
import type { PlacedReply } from '../reply.js';
import { chatSettingsOf, type Engine, localeOf } from './engine.js';

/**
 * Buttons that start a command as whoever presses them (an alert's Top up / Change threshold, a
 * spend limit's button; docs/interface.md §2.4): no server state, the command applies its own rules to the
 * presser. `run`: the command as if typed alone. An argument kind: the button does what its label
 * says and asks for that argument (Change threshold asks for the new amount, README "One road out").
 */
const RUN_BUTTONS: Readonly<Record<string, 'run' | ArgumentPrompt['ask']>> = {
  topup: 'run',
  alert: 'amount',
  limit: 'run',
};

export function runButtonOf(
  actionId: string,
): { command: string; mode: 'run' | ArgumentPrompt['ask'] } | undefined {
  const [verb, id] = actionId.split(':', 2);
  const mode = verb === 'run' && id ? RUN_BUTTONS[id] : undefined;
  return mode && id ? { command: id, mode } : undefined;
}

/** The question a button asks for its command's argument, placed as the presser's own. */
export async function askOnButton(
  e: Engine,
  input: IncomingAction,
  command: string,
  ask: ArgumentPrompt['ask'],
): Promise<PlacedReply[]> {
  const loc = await localeOf(e, input);
  const prompt = { command, before: [], after: [], ask };
  const question = await askFor(e.stores, identityKey(input.identity), prompt, e.clock(), loc.t);
  return place([{ ...question, language: loc.language }], {
    chat: input.chat,
    settings: await chatSettingsOf(e, input.identity, input.chat),
    inputSeen: false,
    output: 'personal',
    secretInput: false,
    actor: input.identity.user,
    audited: [],
    t: loc.t,
  }).map(e.refsFor(input.identity.platform));
}
