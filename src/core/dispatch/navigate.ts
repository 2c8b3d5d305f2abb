import { activeAccount } from '../accounts/credentials-access.js';
import { type ButtonOf, HOME_BUTTON, HOME_SCREEN, mayPress } from '../buttons.js';
import { identityKey } from '../identity.js';
import { homeReply, MENU_SCREENS, withBack } from '../menu/home.js';
import { askFor } from '../menu/prompts.js';
import type { Messages } from '../messages.js';
import type { ActionOutcome, Reply } from '../reply.js';
import { type Asker, dispatch } from './dispatch.js';
import { chatSettingsOf, type Engine } from './engine.js';
import { menuChoices } from './menu-choices.js';

/** A press on a navigation button, and where it was pressed. */
type NavigationInput = Asker & { pressedPrivately?: boolean };

/**
 * Replies shown in place of the pressed message: the first replaces it, the rest follow. What the
 * rule placed for the asker alone leaves the menu message as it was and goes where it was placed,
 * unless that message is the asker's alone already (`pressedPrivately`): then it turns in place.
 */
function inPlace(replies: Reply[], t: Messages, pressedPrivately = false): ActionOutcome {
  const [first, ...rest] = replies;
  if (first && first.audience !== 'chat' && !pressedPrivately)
    return { notice: t.deliveredPrivately, followUps: replies };
  return { notice: first?.tone === 'error' ? first.text : undefined, update: first, followUps: rest };
}

async function activeLabel(e: Engine, idKey: string): Promise<string | undefined> {
  return activeAccount(await e.stores.credentials.get(idKey))?.label;
}

/** Menu screens, list pages and contact questions (docs/interface.md §3): navigation, never a state change by itself. */
export async function navigate(
  e: Engine,
  input: NavigationInput,
  t: Messages,
  button: ButtonOf<'menu' | 'page' | 'prompt'>,
): Promise<ActionOutcome> {
  if (button.kind === 'menu') return menuScreen(e, input, t, button.screen);
  const action = await e.stores.pending.get(button.id);
  if (!action || action.kind !== button.kind)
    return { notice: button.kind === 'page' ? t.pageExpired : t.confirmExpired };
  const { support } = await chatSettingsOf(e, input.identity, input.chat);
  if (!mayPress({ identity: input.identity, chat: input.chat, support }, action))
    return { notice: t.confirmNotYours };
  if (button.kind === 'prompt') {
    const prompt = { command: action.command, before: [], after: action.args, ask: 'number' as const };
    return { update: await askFor(e.stores, identityKey(input.identity), prompt, e.clock(), t) };
  }
  const spec = e.byName.get(action.command);
  if (!spec) return { notice: t.pageExpired };
  const view = { pageId: action.id, page: button.page, fromMenu: action.fromMenu };
  const replies = await dispatch(e, spec, action.args, input, input.requestId ?? '', view);
  return inPlace(replies, t, input.pressedPrivately === true);
}

/** A screen of the home menu, read afresh for whoever presses it. */
async function menuScreen(
  e: Engine,
  input: NavigationInput,
  t: Messages,
  name: string,
): Promise<ActionOutcome> {
  const alone = input.pressedPrivately === true;
  const idKey = identityKey(input.identity);
  // Leaving a screen ends a question it asked (the menu's Top up asks for a PIN).
  const settings = await e.stores.settings.user(idKey);
  if (settings.prompt || settings.conversation)
    await e.stores.settings.updateUser(idKey, { prompt: undefined, conversation: undefined });
  if (name === HOME_SCREEN.screen) return { update: homeReply(t, await activeLabel(e, idKey)) };
  const screen = MENU_SCREENS[name];
  if (!screen) return { notice: t.confirmExpired };
  if ('reply' in screen) return { update: withBack(screen.reply(t), t) };
  const choices = 'choices' in screen ? await menuChoices(e, input, screen) : undefined;
  if (choices) return inPlace([withBack({ ...choices, audience: 'chat' }, t)], t, alone);
  const spec = e.byName.get(screen.command);
  if (!spec) return { notice: t.confirmExpired };
  const tokens = 'tokens' in screen ? screen.tokens : [];
  const replies = await dispatch(e, spec, tokens, input, input.requestId ?? '', { fromMenu: true });
  const [first, ...rest] = replies;
  if ('extra' in screen && screen.extra && first && first.audience === 'chat' && first.tone !== 'error') {
    const actions = (first.actions ?? []).filter((x) => x.actionId !== HOME_BUTTON);
    return inPlace([withBack({ ...first, actions: [...actions, ...screen.extra(t)] }, t), ...rest], t, alone);
  }
  // A refusal or a provider failure shown in place of a screen keeps its way back (docs/interface.md §3.1).
  const shown = first && (first.audience === 'chat' || alone) ? [withBack(first, t), ...rest] : replies;
  return inPlace(shown.length ? shown : [withBack({ text: t.working, audience: 'chat' }, t)], t, alone);
}
