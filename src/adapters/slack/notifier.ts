import type { webApi } from '@slack/bolt';
import {
  type Channel,
  type Conversation,
  errorSummary,
  type NotifyDestination,
  NotifyRefusedError,
  type Reply,
  type ReplyForm,
  type SentMessage,
} from '../../core/index.js';
import { uploadFile } from './file-upload.js';
import { isSlackResponseUrl } from './form-metadata.js';
import { postToResponseUrl, SlackDeliveryError } from './http-post.js';
import type { SlackLogger } from './options.js';
import { SLACK_CAN } from './responder.js';
import { RESPONSE_URL_LIFETIME_MS } from './response-url.js';
import { inTableForm } from './table-fallback.js';

/** Web API errors that will not go away by retrying: the subscription is paused (docs/proactive.md §4.2). */
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
  /** Unused since the core's road out reports a refused table block (send-forms.ts); kept for its callers. */
  logger?: SlackLogger;
  /** `SLACK_API_URL`, whose host may hand out response URLs besides Slack's (response-url.ts). */
  apiUrl?: string | undefined;
  /** The clock a response URL's 30 minutes are counted on. Default: the system clock. */
  now?: () => Date;
}

/**
 * Where the core speaks first on Slack: a user's DM with the app (`conversations.open`), or a
 * channel, through the same primitives (core/ports/channel.ts). A file (the spend chart) goes into
 * the thread of the message it belongs to. `chat.postMessage` gives the `ts` that `chat.update`
 * edits later (the call card).
 */
export function createSlackNotifier(o: SlackNotifierOptions): Channel {
  const clientOf = async (team: string) => (o.clientFor ? o.clientFor(team) : o.client);
  const postTo = (to: NotifyDestination, reply: Reply, form?: ReplyForm) =>
    post(clientOf, to, reply, o, form);
  return {
    platform: 'slack',
    can: SLACK_CAN,
    open(to): Conversation {
      const unsupported = async (): Promise<never> => {
        throw new Error('not a primitive of a conversation the core opens');
      };
      return {
        platform: 'slack',
        can: SLACK_CAN,
        kind: to.kind === 'user' ? 'private' : 'shared',
        post: (reply, form) => postTo(to, reply, form),
        postPrivately: (reply, form) =>
          to.kind === 'user' ? postTo(to, reply, form) : Promise.resolve('unreachable' as const),
        showToActor: unsupported,
        editPressed: async () => false,
        deleteIncoming: async () => false,
        upload: unsupported,
      };
    },
    async edit(sent, reply, form) {
      if (sent.responseUrl) return replaceThroughUrl(sent.responseUrl, reply, o, form);
      await refusals(async () => {
        const client = await clientOf(sent.tenant);
        await inTableForm(reply, form, (message) =>
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

/** One message to a destination: a channel, or the user's DM with the app, and its file in the thread. */
function post(
  clientOf: (team: string) => Promise<webApi.WebClient>,
  to: NotifyDestination,
  reply: Reply,
  o: Pick<SlackNotifierOptions, 'httpTimeoutMs'>,
  form?: ReplyForm,
): Promise<SentMessage> {
  return refusals(async () => {
    const client = await clientOf(to.tenant);
    let channel = to.kind === 'chat' ? to.chatId : undefined;
    if (to.kind === 'user') {
      const dm = await client.conversations.open({ users: to.user });
      channel = dm.channel?.id;
    }
    if (!channel) throw new NotifyRefusedError('no conversation');
    const into = channel;
    const posted = await inTableForm(reply, form, (message) =>
      client.chat.postMessage({
        channel: into,
        text: message.text,
        ...(message.blocks.length > 0 ? { blocks: message.blocks } : {}),
      }),
    );
    const ts = posted.ts ?? '';
    const chatId = posted.channel ?? channel;
    if (reply.file) await uploadFile(client, chatId, reply.file, o.httpTimeoutMs, ts);
    return { platform: 'slack', tenant: to.tenant, chatId, messageId: ts };
  });
}

/**
 * An answer that went through a response URL, replaced through it (`replace_original`), while
 * Slack still takes it: 5 posts within 30 minutes. Past the 30 minutes, or when Slack turns the
 * URL away (spent, expired), the edit is refused and the message stays as it was
 * (docs/interface.md §2.6); a host other than Slack's is never posted to.
 */
async function replaceThroughUrl(
  landed: NonNullable<SentMessage['responseUrl']>,
  reply: Reply,
  o: Pick<SlackNotifierOptions, 'apiUrl' | 'now' | 'httpTimeoutMs'>,
  form?: ReplyForm,
): Promise<void> {
  const now = (o.now ?? (() => new Date()))().getTime();
  if (now - Date.parse(landed.since) >= RESPONSE_URL_LIFETIME_MS) throw new NotifyRefusedError('expired_url');
  if (!isSlackResponseUrl(landed.url, o.apiUrl)) throw new NotifyRefusedError('not_slack_host');
  try {
    await inTableForm(reply, form, (message) =>
      postToResponseUrl(landed.url, { replace_original: true, ...message }, o.httpTimeoutMs),
    );
  } catch (err) {
    if (err instanceof SlackDeliveryError && err.status !== undefined && err.status < 500)
      throw new NotifyRefusedError(err.status === 404 ? 'expired_url' : String(err.status));
    throw err;
  }
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
