import { activeAccount } from '../accounts/credentials-access.js';
import { roleFor } from '../accounts/roles.js';
import { encodeButton } from '../buttons.js';
import { chatKey, identityKey } from '../identity.js';
import type { MenuScreen } from '../menu/home.js';
import type { Reply } from '../reply.js';
import { todayIn } from '../values/natural-date.js';
import { createPending } from './command-context.js';
import type { Asker } from './dispatch.js';
import { chatSettingsOf, type Engine, localeOf } from './engine.js';

/**
 * A menu screen of choices for a command (the menu's export, docs/interface.md §3.6): each choice
 * a Confirm-kind ticket whose pending action holds the command's typed arguments, so its press runs
 * through the confirmation's steps (owner, single use, typed arguments; docs/interface.md §2.1).
 * Offered only to who may run the command here and has the account it reads; anyone else gets
 * undefined, and the screen runs the command as if typed, which refuses in its own words.
 */
export async function menuChoices(
  e: Engine,
  input: Asker,
  screen: Extract<MenuScreen, { choices: unknown }>,
): Promise<Reply | undefined> {
  const spec = e.byName.get(screen.command);
  if (!spec) return undefined;
  const settings = await chatSettingsOf(e, input.identity, input.chat);
  const role = roleFor(spec, input, settings);
  if (role !== 'holder' && role !== 'agent') return undefined;
  const { platform, tenant } = input.identity;
  const owner = role === 'agent' ? chatKey(platform, tenant, input.chat) : identityKey(input.identity);
  if (!activeAccount(await e.stores.credentials.get(owner))) return undefined;
  const loc = await localeOf(e, input);
  const today = todayIn(e.clock(), loc.fmt.timeZone);
  const who = { identity: input.identity, chat: input.chat, role };
  return screen.choices(loc.t, today, async (typed) => {
    const ticket = await createPending(e, 'confirm', spec.name, [], who, { typed, fromMenu: true });
    return encodeButton({ kind: 'confirm', ticket });
  });
}
