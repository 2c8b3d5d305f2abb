import type { Core } from '../core.js';
import { chatKey, identityKey } from '../identity.js';
import type { Stores } from '../ports/stores.js';
import { accountCredentials, activeAccount } from './credentials-access.js';
import { isAgent } from './roles.js';

/** The active account's username of a credential owner (a person, or a support channel). */
async function activeUsername(stores: Stores, owner: string): Promise<string | undefined> {
  return activeAccount(await stores.credentials.get(owner))?.username;
}

/**
 * Which accounts a person or a support channel may show, for surfaces outside a chat's turn
 * (docs/privacy.md §3.4: Slack's agent view and Work Objects). The rules are the support channel's
 * (docs/privacy.md §3.1): an agent acts with the channel's account only while the channel names
 * them, read now, with the platform's groups the adapter passed fresh.
 */
export function accountAccess(
  stores: Stores,
  clock: () => Date,
): Pick<Core, 'linkedAccounts' | 'supportAccount' | 'agentAccount'> {
  return {
    async linkedAccounts(identity) {
      const record = await stores.credentials.get(identityKey(identity));
      return accountCredentials(record).map((c) => ({
        username: c.username,
        active: c.label === record?.active,
      }));
    },
    async supportAccount(platform, tenant, chat) {
      const key = chatKey(platform, tenant, chat);
      if (!(await stores.settings.chat(key)).support) return undefined;
      return activeUsername(stores, key);
    },
    async agentAccount({ identity, chat, audit }) {
      const key = chatKey(identity.platform, identity.tenant, chat);
      if (!isAgent((await stores.settings.chat(key)).support, identity)) return undefined;
      const account = await activeUsername(stores, key);
      if (account && audit)
        await stores.audit.append({
          at: clock().toISOString(),
          actor: identityKey(identity),
          actorName: identity.displayName,
          chat: key,
          account,
          command: audit,
          outcome: 'ok',
          role: 'agent',
        });
      return account;
    },
  };
}
