import { activeAccount } from '../accounts/credentials-access.js';
import { isAgent } from '../accounts/roles.js';
import { chatKey, identityKey } from '../identity.js';
import { HOME_ACTION, homeReply, MENU_SCREENS, withBack } from '../menu/home.js';
import { parsePageAction } from '../menu/paging.js';
import { askFor } from '../menu/prompts.js';
import type { Messages } from '../messages.js';
import type { PendingAction } from '../ports/records.js';
import type { ActionOutcome, Reply } from '../reply.js';
import { type Asker, dispatch } from './dispatch.js';
import type { Engine } from './engine.js';

/** Whether this person may press a button of `action`: its owner, or an agent of its support channel. */
async function mayPress(e: Engine, action: PendingAction, input: Asker): Promise<boolean> {
  if (action.owner === identityKey(input.identity)) return true;
  const cKey = chatKey(input.identity.platform, input.identity.tenant, input.chat);
  if (action.agentChannel !== cKey) return false;
  return isAgent((await e.stores.settings.chat(cKey)).support, input.identity);
}

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

/** Menu screens, list pages and contact questions (docs/interface.md §3.1): navigation, never a state change by itself. */
export async function navigate(
  e: Engine,
  input: Asker & { actionId: string; pressedPrivately?: boolean },
  t: Messages,
): Promise<ActionOutcome> {
  const alone = input.pressedPrivately === true;
  const idKey = identityKey(input.identity);
  const requestId = input.requestId ?? '';
  if (input.actionId.startsWith('m:')) {
    // Leaving a screen ends a question it asked (the menu's Top up asks for a PIN).
    const settings = await e.stores.settings.user(idKey);
    if (settings.prompt || settings.conversation)
      await e.stores.settings.updateUser(idKey, { prompt: undefined, conversation: undefined });
    if (input.actionId === HOME_ACTION) return { update: homeReply(t, await activeLabel(e, idKey)) };
    const screen = MENU_SCREENS[input.actionId.slice(2)];
    if (!screen) return { notice: t.confirmExpired };
    if ('reply' in screen) return { update: withBack(screen.reply(t), t) };
    const spec = e.byName.get(screen.command);
    if (!spec) return { notice: t.confirmExpired };
    const replies = await dispatch(e, spec, screen.tokens, input, requestId, { fromMenu: true });
    const [first, ...rest] = replies;
    if (screen.extra && first && first.audience === 'chat' && first.tone !== 'error') {
      const actions = (first.actions ?? []).filter((x) => x.actionId !== HOME_ACTION);
      return inPlace(
        [withBack({ ...first, actions: [...actions, ...screen.extra(t)] }, t), ...rest],
        t,
        alone,
      );
    }
    // A refusal or a provider failure shown in place of a screen keeps its way back (README "menus").
    const shown = first && (first.audience === 'chat' || alone) ? [withBack(first, t), ...rest] : replies;
    return inPlace(shown.length ? shown : [withBack({ text: t.working, audience: 'chat' }, t)], t, alone);
  }
  const pageAction = parsePageAction(input.actionId);
  const id = pageAction?.id ?? (input.actionId.startsWith('k:') ? input.actionId.slice(2) : undefined);
  const action = id ? await e.stores.pending.get(id) : undefined;
  if (!action || (pageAction ? action.kind !== 'page' : action.kind !== 'prompt'))
    return { notice: pageAction ? t.pageExpired : t.confirmExpired };
  if (!(await mayPress(e, action, input))) return { notice: t.confirmNotYours };
  if (!pageAction) {
    const prompt = { command: action.command, before: [], after: action.args, ask: 'number' as const };
    return { update: await askFor(e.stores, idKey, prompt, e.clock(), t) };
  }
  const spec = e.byName.get(action.command);
  if (!spec) return { notice: t.pageExpired };
  const view = { pageId: action.id, page: pageAction.page, fromMenu: action.fromMenu };
  return inPlace(await dispatch(e, spec, action.args, input, requestId, view), t, alone);
}
