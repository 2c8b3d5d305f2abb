import { encodeButton, HOME_BUTTON } from '../buttons.js';
import type { Messages } from '../messages.js';
import type { Reply, ReplyAction } from '../reply.js';
import { exportScreen } from './export.js';

/**
 * The home menu: one message whose buttons open screens by editing that message in place, each
 * screen with a Back button. Its buttons are `menu` buttons (buttons.ts); they carry no state, since
 * a screen is read afresh for whoever presses it.
 */
const screen = (name: string) => encodeButton({ kind: 'menu', screen: name });

/**
 * A screen and what shows it: a command run as if typed, a fixed reply, or choices for a command,
 * each a button whose pending action holds the command's typed arguments (menu/export.ts).
 */
export type MenuScreen =
  | { command: string; tokens: string[]; extra?: (t: Messages) => ReplyAction[] }
  | { reply: (t: Messages) => Reply }
  | { command: string; choices: typeof exportScreen };

export const MENU_SCREENS: Readonly<Record<string, MenuScreen>> = {
  balance: { command: 'balance', tokens: [] },
  calls: { command: 'cdrs', tokens: [] },
  export: { command: 'cdrs', choices: exportScreen },
  topup: { command: 'topup', tokens: [] },
  cards: { reply: (t) => ({ title: t.cardsTitle, text: t.cardsText }) },
  settings: {
    command: 'accounts',
    tokens: [],
    extra: (t) => [
      { label: t.menuLink, actionId: screen('link'), newRow: true },
      { label: t.menuLinkCard, actionId: screen('linkcard') },
    ],
  },
  link: { command: 'link', tokens: [] },
  linkcard: { command: 'link', tokens: ['card'] },
  help: { command: 'help', tokens: [] },
};

/** The home message: who is linked, and a button per screen, two a row. */
export function homeReply(t: Messages, activeLabel: string | undefined, greeting?: string): Reply {
  const status = activeLabel ? t.homeLinked(activeLabel) : t.homeNotLinked;
  return {
    title: t.homeTitle,
    text: greeting ? `${greeting}\n\n${status}` : status,
    actions: [
      { label: t.menuBalance, actionId: screen('balance') },
      { label: t.menuCalls, actionId: screen('calls') },
      { label: t.menuTopup, actionId: screen('topup'), newRow: true },
      { label: t.menuCards, actionId: screen('cards') },
      { label: t.menuExport, actionId: screen('export'), newRow: true },
      { label: t.menuSettings, actionId: screen('settings'), newRow: true },
      { label: t.menuHelp, actionId: screen('help') },
    ],
  };
}

/** Adds Back (to the home screen) on its own row. */
export function withBack(reply: Reply, t: Messages): Reply {
  const actions = reply.actions ?? [];
  if (actions.some((a) => a.actionId === HOME_BUTTON)) return reply;
  return { ...reply, actions: [...actions, { label: t.menuBack, actionId: HOME_BUTTON, newRow: true }] };
}
