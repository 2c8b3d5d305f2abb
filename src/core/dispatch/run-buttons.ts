import type { ButtonOf } from '../buttons.js';
import type { IncomingAction, IncomingText } from '../core.js';
import { place } from '../delivery/delivery.js';
import { identityKey } from '../identity.js';
import { askFor } from '../menu/prompts.js';
import type { ArgumentPrompt } from '../ports/records.js';
import type { PlacedOutcome, PlacedReply } from '../reply.js';
import { chatSettingsOf, type Engine, localeOf } from './engine.js';

/**
 * A `run:<command>` button starts its command as whoever presses it (an alert's Top up / Change
 * threshold, a spend limit's button): no server state, the command applies its own rules to the
 * presser (docs/interface.md §2.4). What it does is the command's `runButton` field; a command without one has no such
 * button, and the press falls through as an unknown id.
 */
export async function pressRunButton(
  e: Engine,
  input: IncomingAction,
  button: ButtonOf<'run'>,
  handleText: (input: IncomingText) => Promise<PlacedReply[]>,
): Promise<PlacedOutcome | undefined> {
  const spec = e.byName.get(button.command);
  const mode = spec?.runButton;
  if (!spec || !mode) return undefined;
  if (mode === 'run') return { followUps: await handleText({ ...input, text: `/${spec.name}` }) };
  return { followUps: await askOnButton(e, input, spec.name, mode) };
}

/** The question a button asks for its command's argument, placed as the presser's own. */
async function askOnButton(
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
