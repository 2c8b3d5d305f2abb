import type { webApi } from '@slack/bolt';
import type { ChatRef } from '../../core/identity.js';
import { catalogues, type Messages } from '../../core/messages.js';
import type { TrackedMessage } from '../../core/notify/notifier.js';
import {
  ACTOR_MARK,
  type ActionOutcome,
  type Audience,
  type Reply,
  type ReplyFile,
} from '../../core/reply.js';
import { errorSummary } from '../../core/safe-error.js';
import type { AuditThread } from './audit-thread.js';
import { escapeMrkdwn } from './escape.js';
import { uploadFile } from './file-upload.js';
import type { SlackLogger } from './options.js';
import type { RenderedMessage } from './render-blocks.js';
import { answerThroughWebApi, ResponseUrls } from './response-url.js';
import { withTableFallback } from './table-fallback.js';

/** Where an answer goes: the conversation, the person, and the ways Slack gave us to reach them. */
export interface ReplyTarget {
  client: webApi.WebClient;
  channel: string;
  user: string;
  chat: ChatRef;
  /** From the command or action; preferred, since it works where the bot is no member. */
  responseUrl?: string;
  /** The message that carried a pressed button, for `chat.update` when there is no response URL. */
  messageTs?: string;
  /** The workspace (team id), for messages the core edits later. */
  tenant?: string;
  /** The pressed message is ephemeral: only the presser sees it, so an `actor` update may replace it. */
  pressedPrivately?: boolean;
}

export interface ResponderOptions {
  logger: SlackLogger;
  httpTimeoutMs: number;
  auditThread: AuditThread;
  /** The clock a response URL's 30 minutes are counted on. Default: the system clock. */
  now?: () => Date;
  /** Told where a reply with `track` landed (the call card), so the core can edit it later. */
  tracked?: (tracked: TrackedMessage) => Promise<void>;
}

/**
 * Delivers the core's replies after the request was acknowledged (issue 6 "Acknowledge at once,
 * work after"), each where the core placed it: `chat` in the channel, `actor` ephemeral, `private`
 * in the user's direct message with the app (never inside a channel). Everything goes through
 * `response_url` first, while Slack's budget of it lasts (response-url.ts), and falls back to the
 * Web API, whose client waits out 429s.
 */
export class SlackResponder {
  readonly #urls: ResponseUrls;

  constructor(private readonly options: ResponderOptions) {
    this.#urls = new ResponseUrls({
      now: options.now ?? (() => new Date()),
      timeoutMs: options.httpTimeoutMs,
      logger: options.logger,
    });
  }

  async replies(target: ReplyTarget, replies: readonly Reply[]): Promise<void> {
    // In order: a follow-up must not overtake the message it follows.
    for (const reply of replies) await this.reply(target, reply);
  }

  async reply(target: ReplyTarget, reply: Reply): Promise<void> {
    const audience = audienceIn(target, reply);
    await withTableFallback(reply, this.options.logger, async (message) => {
      if (message.blocks.length === 0) return;
      if (audience === 'private') await this.#direct(target, message, reply);
      else if (!(reply.track && audience === 'chat' && (await this.#tracked(target, message, reply.track))))
        await this.#send(target, message, audience === 'actor');
    });
    await this.#extras(target, reply, audience);
  }

  /**
   * A message the core edits later (the call card) is posted through `chat.postMessage`, whose `ts`
   * `chat.update` needs; `response_url` answers carry none. `false` when the bot cannot post there.
   */
  async #tracked(target: ReplyTarget, message: RenderedMessage, track: string): Promise<boolean> {
    try {
      const posted = await target.client.chat.postMessage({
        channel: target.channel,
        text: message.text,
        blocks: message.blocks,
      });
      if (!posted.ts) return true;
      const sent = {
        platform: 'slack' as const,
        tenant: target.tenant ?? '',
        chatId: posted.channel ?? target.channel,
        messageId: posted.ts,
      };
      await this.options.tracked?.({ track, message: sent });
      return true;
    } catch (err) {
      this.options.logger.warn(
        { err: errorSummary(err), method: 'chat.postMessage' },
        'Slack post failed; using response_url',
      );
      return false;
    }
  }

  /** A short line only the person who acted sees, e.g. a button press's notice. */
  async notice(target: ReplyTarget, text: string): Promise<void> {
    await this.#send(target, { text: escapeMrkdwn(text), blocks: [] }, true);
  }

  async outcome(target: ReplyTarget, outcome: ActionOutcome): Promise<void> {
    const update = outcome.update;
    const where = update ? audienceIn(target, update) : undefined;
    // Only an update the core left in the chat may replace the message that is in the chat; one for
    // the presser alone replaces an ephemeral message, which only they see (a page turned in place).
    if (update && (where === 'chat' || (where === 'actor' && target.pressedPrivately))) {
      await withTableFallback(update, this.options.logger, async (message) => {
        if (!(await this.#replace(target, message))) await this.#send(target, message, where === 'actor');
      });
      await this.#extras(target, update, where);
    } else if (update) {
      await this.reply(target, update);
    }
    if (outcome.notice) await this.notice(target, outcome.notice);
    if (outcome.followUps) await this.replies(target, outcome.followUps);
  }

  /** Replaces the message that carried the button (a confirmation shows its outcome). */
  async #replace(target: ReplyTarget, message: RenderedMessage): Promise<boolean> {
    const url = target.responseUrl;
    if (url && (await this.#urls.post(url, { replace_original: true, ...message }))) return true;
    if (!target.messageTs) return false;
    try {
      await target.client.chat.update({ channel: target.channel, ts: target.messageTs, ...message });
      return true;
    } catch (err) {
      // Ephemeral messages cannot be updated through the Web API.
      this.options.logger.warn({ err: errorSummary(err), method: 'chat.update' }, 'Slack update failed');
      return false;
    }
  }

  async #send(target: ReplyTarget, message: RenderedMessage, priv: boolean): Promise<void> {
    const payload = { response_type: priv ? 'ephemeral' : 'in_channel', replace_original: false, ...message };
    if (target.responseUrl && (await this.#urls.post(target.responseUrl, payload))) return;
    await answerThroughWebApi(target, message, priv);
  }

  /** A message for the user's eyes only, outside any channel: their direct message with the app. */
  async #direct(target: ReplyTarget, message: RenderedMessage, reply: Reply): Promise<void> {
    const channel = await this.#dm(target);
    await target.client.chat.postMessage({ channel, text: message.text, blocks: message.blocks });
    if (channel !== target.channel) await this.notice(target, slackOf(reply).sentDirect);
  }

  async #dm(target: ReplyTarget): Promise<string> {
    // Only reached from a shared chat (audienceIn); kept safe for a direct call.
    if (target.chat.kind === 'private') return target.channel;
    const dm = await target.client.conversations.open({ users: target.user });
    if (!dm.channel?.id) throw new Error('conversations.open gave no channel');
    return dm.channel.id;
  }

  /** The parts of a reply that are not the message: a file and the support channel's audit records. */
  async #extras(target: ReplyTarget, reply: Reply, audience: Audience): Promise<void> {
    if (reply.file) await this.#file(target, reply.file, audience !== 'chat', slackOf(reply));
    // The core attaches records only in a support channel (delivery.ts).
    for (const record of reply.audit ?? []) {
      const note = escapeMrkdwn(record.note).replace(escapeMrkdwn(ACTOR_MARK), `<@${record.actor}>`);
      try {
        await this.options.auditThread.post(target.client, target.channel, note, reply.language);
      } catch (err) {
        // The store's audit log already holds the entry; the thread is the team's view of it.
        this.options.logger.warn(
          { err: errorSummary(err), method: 'chat.postMessage' },
          'Slack audit record failed',
        );
      }
    }
  }

  /**
   * A private file (CDRs are personal) is shared into the user's direct message with the app,
   * since a file shared into a channel is visible to all of it; a public one goes to the channel.
   */
  async #file(target: ReplyTarget, file: ReplyFile, priv: boolean, t: Messages['slack']): Promise<void> {
    try {
      const channel = priv ? await this.#dm(target) : target.channel;
      await uploadFile(target.client, channel, file, this.options.httpTimeoutMs);
      if (priv && channel !== target.channel) {
        await this.notice(target, t.fileSent(file.name));
      }
    } catch (err) {
      this.options.logger.warn({ err: errorSummary(err) }, 'Slack file upload failed');
      await this.notice(target, t.fileFailed(file.name));
    }
  }
}

/** In a direct message everything is the user's own; elsewhere the core's placement holds. */
function audienceIn(target: ReplyTarget, reply: Reply): Audience {
  return target.chat.kind === 'private' ? 'chat' : (reply.audience ?? 'chat');
}

/** The adapter's own words around a reply, in the reader's language (the core stamps it). */
function slackOf(reply: Reply): Messages['slack'] {
  return catalogues[reply.language ?? 'en'].slack;
}
