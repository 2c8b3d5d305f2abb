import type { webApi } from '@slack/bolt';
import { type ChatRef, errorSummary } from '../../core/index.js';
import { isSlackResponseUrl } from './form-metadata.js';
import { postToResponseUrl, SlackDeliveryError } from './http-post.js';
import type { SlackLogger } from './options.js';
import type { RenderedMessage } from './render-blocks.js';

/**
 * Slack's budget of a `response_url`: "These responses can be sent up to 5 times within 30
 * minutes of receiving the payload" (docs.slack.dev/interactivity/handling-user-interaction; for a
 * slash command "up to 5 times within 30 minutes of the user's invocation"). Past it Slack turns
 * the post away and nothing is shown.
 */
export const RESPONSE_URL_USES = 5;
export const RESPONSE_URL_LIFETIME_MS = 30 * 60_000;

export interface ResponseUrlsOptions {
  now: () => Date;
  /** `SLACK_API_URL`: its host may hand out response URLs too (a fake in tests); else only Slack's. */
  apiUrl?: string | undefined;
  timeoutMs: number;
  logger: SlackLogger;
}

/**
 * The bot's count of the posts on each response URL, so that a 6th answer, or one after 30
 * minutes, goes through the Web API at once instead of a post Slack drops. The 30 minutes count
 * from the URL's first use here: a command's or a button's first answer leaves within seconds of
 * the payload. A URL first used late (a modal submitted after 30 minutes) is learned from Slack's
 * refusal (404 or `expired_url`), and is spent from then on.
 */
export class ResponseUrls {
  /** URL → first use and posts; in first-use order, so the stale ones are at the front. */
  readonly #seen = new Map<string, { since: number; uses: number }>();

  constructor(private readonly options: ResponseUrlsOptions) {}

  /** Posts `payload` through `url`; `false` when Slack would not take it (or did not). */
  async post(url: string, payload: object): Promise<boolean> {
    // Never a host but Slack's, whatever a payload or a form's metadata said (docs/privacy.md §2.6).
    if (!isSlackResponseUrl(url, this.options.apiUrl)) {
      this.options.logger.warn({}, 'Slack response_url not on Slack’s host; using the Web API');
      return false;
    }
    const now = this.options.now().getTime();
    this.#forgetBefore(now - 2 * RESPONSE_URL_LIFETIME_MS);
    let entry = this.#seen.get(url);
    if (!entry) {
      entry = { since: now, uses: 0 };
      this.#seen.set(url, entry);
    }
    if (entry.uses >= RESPONSE_URL_USES || now - entry.since >= RESPONSE_URL_LIFETIME_MS) {
      this.options.logger.debug({ uses: entry.uses }, 'Slack response_url spent; using the Web API');
      return false;
    }
    entry.uses += 1;
    try {
      await postToResponseUrl(url, payload, this.options.timeoutMs);
      return true;
    } catch (err) {
      if (spentAtSlack(err)) entry.uses = RESPONSE_URL_USES;
      this.options.logger.warn({ err: errorSummary(err) }, 'Slack response_url failed; using the Web API');
      return false;
    }
  }

  /** When `url` was first used here, the start of its 30 minutes; `undefined` when never. */
  since(url: string): Date | undefined {
    const entry = this.#seen.get(url);
    return entry ? new Date(entry.since) : undefined;
  }

  #forgetBefore(cutoff: number): void {
    for (const [url, entry] of this.#seen) {
      if (entry.since > cutoff) break;
      this.#seen.delete(url);
    }
  }
}

/** Slack refused the URL itself (spent or expired), not the message: no later post can pass. */
function spentAtSlack(err: unknown): boolean {
  if (!(err instanceof SlackDeliveryError)) return false;
  return err.status === 404 || err.status === 410 || /expired_url|used_url/.test(err.detail);
}

/** Who an answer is for, and the conversation it belongs to. */
export interface WebApiTarget {
  client: webApi.WebClient;
  channel: string;
  user: string;
  chat: ChatRef;
}

/**
 * An answer the response URL can no longer carry, through the Web API under the same privacy
 * rule: in a channel, a private answer is ephemeral to the same person there
 * (`chat.postEphemeral`) and a public one a message; in a direct message, a message there. Where
 * the app may not post (`not_in_channel`, `channel_not_found`: a channel it left, or a direct
 * message between two people, which has no room for the app) it goes to the person's direct
 * message with the app: never to everyone in a conversation. Returns where a message (not an
 * ephemeral one) landed, as `chat.postMessage` says.
 */
export async function answerThroughWebApi(
  target: WebApiTarget,
  message: RenderedMessage,
  priv: boolean,
): Promise<{ channel: string; ts: string } | undefined> {
  const { client, channel, user } = target;
  const body = { text: message.text, ...(message.blocks.length > 0 ? { blocks: message.blocks } : {}) };
  const landed = (posted: { channel?: string; ts?: string }, into: string) =>
    posted.ts ? { channel: posted.channel ?? into, ts: posted.ts } : undefined;
  try {
    if (!(priv && target.chat.kind === 'shared'))
      return landed(await client.chat.postMessage({ channel, ...body }), channel);
    await client.chat.postEphemeral({ channel, user, ...body });
    return undefined;
  } catch (err) {
    const refused = errorSummary(err).description;
    if (refused !== 'not_in_channel' && refused !== 'channel_not_found') throw err;
  }
  const dm = await client.conversations.open({ users: user });
  if (!dm.channel?.id || dm.channel.id === channel) throw new Error('no direct message with the app');
  return landed(await client.chat.postMessage({ channel: dm.channel.id, ...body }), dm.channel.id);
}
