import { activeAccount } from '../accounts/credentials-access.js';
import type { Core } from '../core.js';
import { identityKey } from '../identity.js';
import { homeReply } from '../menu/home.js';
import type { Reply } from '../reply.js';
import { dispatch } from './dispatch.js';
import { type Engine, localeOf } from './engine.js';

/**
 * A person's home screen where the channel has one (Slack's App Home tab, docs/interface.md §4.2): the home menu,
 * then, when linked, the accounts, the balance and the last calls. Its commands run through the
 * same steps as typed ones, in a chat only its owner sees.
 */
export function homeScreen(e: Engine): Core['home'] {
  return async (input) => {
    const loc = await localeOf(e, input);
    const idKey = identityKey(input.identity);
    const label = activeAccount(await e.stores.credentials.get(idKey))?.label;
    const replies: Reply[] = [homeReply(loc.t, label)];
    if (label) replies.push(...(await linkedScreen(e, input, idKey)));
    return replies.map(e.refsFor(input.identity.platform));
  };
}

/** The accounts, the balance and the last calls, each run like a typed command. */
async function linkedScreen(e: Engine, input: Parameters<Core['home']>[0], idKey: string): Promise<Reply[]> {
  const replies: Reply[] = [];
  // The home screen is seen by its owner alone: a private chat as far as placement goes.
  const where = {
    identity: input.identity,
    chat: { id: `home:${input.identity.user}`, kind: 'private' as const },
    locale: input.locale,
    ...(input.can ? { can: input.can } : {}),
  };
  // What shows is the commands' `homeScreen` field: the accounts, the balance, the last five calls.
  for (const spec of e.table)
    if (spec.homeScreen)
      replies.push(...(await dispatch(e, spec, spec.homeScreen.tokens, where, `home-${idKey}`, {})));
  return replies;
}
