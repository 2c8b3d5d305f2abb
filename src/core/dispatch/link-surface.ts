import { randomBytes } from 'node:crypto';
import { linkCredentials, setupSupport } from '../accounts/linking.js';
import type { Core, LinkInput, SupportSetupInput } from '../core.js';
import type { RefsFor } from '../delivery/command-refs.js';
import { place } from '../delivery/delivery.js';
import { UserFacingError } from '../delivery/error-replies.js';
import type { AuditEntry } from '../ports/records.js';
import type { PlacedReply, Reply } from '../reply.js';
import { chatSettingsOf, type Engine, failure, localeOf } from './engine.js';

/**
 * Linking from a form (a Slack modal, the console) and support-channel set-up. Their answers are
 * placed by the same rule as every command's: a link result names the account, so it is personal;
 * a support channel's set-up is the channel's business, so it is public.
 */
export function linkSurface(e: Engine, refsFor: RefsFor): Pick<Core, 'link' | 'setupSupportChannel'> {
  const deps = { stores: e.stores, clientFactory: e.clientFactory, clock: e.clock };
  const placed = async (
    input: LinkInput | SupportSetupInput,
    reply: Reply,
    output: 'public' | 'personal',
    audited: readonly AuditEntry[] = [],
  ): Promise<PlacedReply> => {
    const settings = await chatSettingsOf(e, input.identity, input.chat);
    const { t } = await localeOf(e, input);
    const facts = {
      chat: input.chat,
      settings,
      inputSeen: false,
      output,
      secretInput: false,
      actor: input.identity.user,
      audited,
      t,
    };
    return refsFor(input.identity.platform)(place([reply], facts)[0]!);
  };
  return {
    async link(input) {
      const { t } = await localeOf(e, input);
      if (input.chat.kind === 'shared' && !input.inputIsPrivate)
        return placed(input, { text: t.linkTypedInShared, tone: 'error' }, 'personal');
      try {
        return await placed(input, await linkCredentials({ ...deps, t, ...input }), 'personal');
      } catch (err) {
        return placed(input, failure(e, err, t, randomBytes(4).toString('hex')), 'personal');
      }
    },
    async setupSupportChannel(input) {
      const { t } = await localeOf(e, input);
      try {
        // Its audit entry goes to the new support channel's audit thread, as every audited action's (docs/privacy.md §3.3).
        const { reply, audited } = await setupSupport({ ...deps, t, input });
        return await placed(input, reply, 'public', [audited]);
      } catch (err) {
        const reply =
          err instanceof UserFacingError
            ? { text: err.message, tone: 'error' as const }
            : failure(e, err, t, randomBytes(4).toString('hex'));
        return placed(input, reply, 'personal');
      }
    },
  };
}
