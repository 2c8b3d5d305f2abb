import type { webApi } from '@slack/bolt';
import type { ChatRef } from '../../core/identity.js';
import { catalogues, type Messages } from '../../core/messages.js';
import type { ActionOutcome, Reply, ReplyFile } from '../../core/reply.js';
import type { AuditThread } from './audit-thread.js';
import { errorCode } from './directory.js';
import { escapeMrkdwn } from './escape.js';
import { uploadFile } from './file-upload.js';
import { postToResponseUrl } from './http-post.js';
import type { SlackLogger } from './options.js';
import { isPrivateReply, type RenderedMessage, renderReply } from './render-blocks.js';

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
}

export interface ResponderOptions {
  logger: SlackLogger;
  httpTimeoutMs: number;
  auditThread: AuditThread;
}

/**
 * Delivers the core's replies after the request was acknowledged (issue 6 "Acknowledge at once,
 * work after"). Private replies are ephemeral; everything goes through `response_url` first and
 * falls back to the Web API, whose client waits out 429s.
 */
export class SlackResponder {
  constructor(private readonly options: ResponderOptions) {}

  async replies(target: ReplyTarget, replies: readonly Reply[]): Promise<void> {
    // In order: a follow-up must not overtake the message it follows.
    for (const reply of replies) await this.reply(target, reply);
  }

  async reply(target: ReplyTarget, reply: Reply): Promise<void> {
    const priv = isPrivateReply(reply);
    const message = renderReply(reply);
    if (message.blocks.length > 0) await this.#send(target, message, priv);
    await this.#extras(target, reply, priv);
  }

  /** A short private line for the person who acted, e.g. a button press's notice. */
  async notice(target: ReplyTarget, text: string): Promise<void> {
    await this.#send(target, { text: escapeMrkdwn(text), blocks: [] }, true);
  }

  async outcome(target: ReplyTarget, outcome: ActionOutcome): Promise<void> {
    if (outcome.update) {
      const message = renderReply(outcome.update);
      if (!(await this.#replace(target, message))) {
        await this.#send(target, message, isPrivateReply(outcome.update));
      }
      await this.#extras(target, outcome.update, isPrivateReply(outcome.update));
    }
    if (outcome.notice) await this.notice(target, outcome.notice);
    if (outcome.followUps) await this.replies(target, outcome.followUps);
  }

  /** Replaces the message that carried the button (a confirmation shows its outcome). */
  async #replace(target: ReplyTarget, message: RenderedMessage): Promise<boolean> {
    if (target.responseUrl) {
      try {
        await postToResponseUrl(
          target.responseUrl,
          { replace_original: true, ...message },
          this.options.httpTimeoutMs,
        );
        return true;
      } catch (err) {
        this.options.logger.warn(
          { err: errorCode(err) },
          'Slack replace_original failed; trying chat.update',
        );
      }
    }
    if (!target.messageTs) return false;
    try {
      await target.client.chat.update({ channel: target.channel, ts: target.messageTs, ...message });
      return true;
    } catch (err) {
      // Ephemeral messages cannot be updated through the Web API.
      this.options.logger.warn({ err: errorCode(err), method: 'chat.update' }, 'Slack update failed');
      return false;
    }
  }

  async #send(target: ReplyTarget, message: RenderedMessage, priv: boolean): Promise<void> {
    if (target.responseUrl) {
      try {
        const payload = {
          response_type: priv ? 'ephemeral' : 'in_channel',
          replace_original: false,
          ...message,
        };
        await postToResponseUrl(target.responseUrl, payload, this.options.httpTimeoutMs);
        return;
      } catch (err) {
        this.options.logger.warn({ err: errorCode(err) }, 'Slack response_url failed; using the Web API');
      }
    }
    const blocks = message.blocks.length > 0 ? { blocks: message.blocks } : {};
    // In a DM with the app only the person sees anything, so a private answer is a plain message.
    if (priv && target.chat.kind === 'shared') {
      await target.client.chat.postEphemeral({
        channel: target.channel,
        user: target.user,
        text: message.text,
        ...blocks,
      });
    } else {
      await target.client.chat.postMessage({ channel: target.channel, text: message.text, ...blocks });
    }
  }

  /** The parts of a reply that are not the message: a file and the support channel's audit record. */
  async #extras(target: ReplyTarget, reply: Reply, priv: boolean): Promise<void> {
    if (reply.file) await this.#file(target, reply.file, priv, catalogues[reply.language ?? 'en'].slack);
    if (reply.auditNote && target.chat.kind === 'shared') {
      try {
        await this.options.auditThread.post(target.client, target.channel, reply.auditNote, reply.language);
      } catch (err) {
        // The store's audit log already holds the entry; the thread is the team's view of it.
        this.options.logger.warn(
          { err: errorCode(err), method: 'chat.postMessage' },
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
      let channel = target.channel;
      if (priv) {
        const dm = await target.client.conversations.open({ users: target.user });
        if (!dm.channel?.id) throw new Error('conversations.open gave no channel');
        channel = dm.channel.id;
      }
      await uploadFile(target.client, channel, file, this.options.httpTimeoutMs);
      if (priv && channel !== target.channel) {
        await this.notice(target, t.fileSent(file.name));
      }
    } catch (err) {
      this.options.logger.warn({ err: errorCode(err) }, 'Slack file upload failed');
      await this.notice(target, t.fileFailed(file.name));
    }
  }
}
