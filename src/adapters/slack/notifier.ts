import type { webApi } from '@slack/bolt';
import { type Notifier, NotifyRefusedError } from '../../core/notify/notifier.js';
import { errorSummary } from '../../core/safe-error.js';
import { uploadFile } from './file-upload.js';
import type { SlackLogger } from './options.js';
import { withTableFallback } from './table-fallback.js';

/** Web API errors that will not go away by retrying: the subscription is paused (issue 15). */
const REFUSALS = new Set([
  'channel_not_found',
  'is_archived',
  'not_in_channel',
  'account_inactive',
  'user_not_found',
  'user_disabled',
  'cannot_dm_bot',
  'team_access_not_granted',
  'message_not_found',
  'cant_update_message',
  'edit_window_closed',
  // The workspace revoked the bot's token (uninstalled): nothing will reach it until it reinstalls.
  'token_revoked',
]);

export interface SlackNotifierOptions {
  client: webApi.WebClient;
  /** Installed in many workspaces (OAuth): the client with the destination workspace's own token. */
  clientFor?: (team: string) => Promise<webApi.WebClient>;
  httpTimeoutMs: number;
  /** Where a table block Slack refused is reported (the text form goes instead). */
  logger?: SlackLogger;
}

/**
 * The core's outbound port on Slack: a user's DM with the app (`conversations.open`), or a channel.
 * A file (the spend chart) goes into the thread of the message it belongs to. `chat.postMessage`
 * gives the `ts` that `chat.update` edits later (the call card).
 */
export function createSlackNotifier(o: SlackNotifierOptions): Notifier {
  const clientOf = async (team: string) => (o.clientFor ? o.clientFor(team) : o.client);
  return {
    platform: 'slack',
    async send(to, reply) {
      return refusals(async () => {
        const client = await clientOf(to.tenant);
        let channel = to.kind === 'chat' ? to.chatId : undefined;
        if (to.kind === 'user') {
          const dm = await client.conversations.open({ users: to.user });
          channel = dm.channel?.id;
        }
        if (!channel) throw new NotifyRefusedError('no conversation');
        const posted = await withTableFallback(reply, o.logger, (message) =>
          client.chat.postMessage({
            channel,
            text: message.text,
            ...(message.blocks.length > 0 ? { blocks: message.blocks } : {}),
          }),
        );
        const ts = posted.ts ?? '';
        if (reply.file) await uploadFile(client, posted.channel ?? channel, reply.file, o.httpTimeoutMs, ts);
        return {
          platform: 'slack' as const,
          tenant: to.tenant,
          chatId: posted.channel ?? channel,
          messageId: ts,
        };
      });
    },
    async edit(sent, reply) {
      await refusals(async () => {
        const client = await clientOf(sent.tenant);
        await withTableFallback(reply, o.logger, (message) =>
          client.chat.update({
            channel: sent.chatId,
            ts: sent.messageId,
            text: message.text,
            blocks: message.blocks,
          }),
        );
      });
    },
  };
}

async function refusals<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof NotifyRefusedError) throw err;
    // Slack's own reason (`channel_not_found`), as the summary names it.
    const slackError = errorSummary(err).description;
    if (slackError && REFUSALS.has(slackError)) throw new NotifyRefusedError(slackError);
    throw err;
  }
}
