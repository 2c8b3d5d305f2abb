import type { webApi } from '@slack/bolt';
import {
  ACTOR_MARK,
  type AuditRecord,
  type ChannelCapabilities,
  type ChannelMemory,
  type ChatRef,
  type Conversation,
  errorSummary,
  type Language,
  type Reply,
  type ReplyFile,
  type ReplyForm,
  type SecretAsk,
  type SentMessage,
  wordsIn,
} from '../../core/index.js';
import type { AuditThread } from './audit-thread.js';
import { escapeMrkdwn } from './escape.js';
import { uploadFile } from './file-upload.js';
import { secretForm } from './modals.js';
import { sentAsNativeChart } from './native-chart.js';
import type { SlackLogger } from './options.js';
import type { RenderedMessage } from './render-blocks.js';
import { answerThroughWebApi, ResponseUrls } from './response-url.js';
import { slackProgress } from './stream.js';
import { inTableForm } from './table-fallback.js';
import { slackWords } from './words/index.js';
import { withWorkObjectLink } from './work-object-link.js';
import type { WorkObjectOptions } from './work-objects.js';

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
  /** A slash command's or button's trigger_id: a form (modal) can open on it, within Slack's 3 s. */
  triggerId?: string;
  /** A modal opened on arrival for this request (before any lookup): a form the core asks for replaces it. */
  viewId?: string;
}

export interface ResponderOptions {
  logger: SlackLogger;
  httpTimeoutMs: number;
  auditThread: AuditThread;
  /** The clock a response URL's 30 minutes are counted on. Default: the system clock. */
  now?: () => Date;
  /** `SLACK_API_URL`, whose host may hand out response URLs besides Slack's (response-url.ts). */
  apiUrl?: string | undefined;
  /** Where a workspace that refused the chart block is remembered (native-chart.ts). */
  memory: ChannelMemory;
  /** The unfurl domain and key of Work Object links, when `SLACK_UNFURL_DOMAIN` is set. */
  workObjects?: WorkObjectOptions | undefined;
}

/**
 * Slack's primitives of the one road out (core/ports/channel.ts): Slack shows a message to one
 * member of a channel (ephemeral), edits, uploads and asks for secrets in a modal, but cannot delete
 * what a person typed (a slash command's text is never shown anyway).
 */
export const SLACK_CAN: ChannelCapabilities = {
  showToOne: true,
  deleteIncoming: false,
  deleteLater: false,
  secretForm: true,
  hiddenInput: false,
  edit: true,
  privateWords: { en: slackWords.en.privateConversation, de: slackWords.de.privateConversation },
};

/**
 * Slack's primitives after the request was acknowledged (docs/reliability.md §2.2: acknowledged at
 * once, the answer after). Everything goes through `response_url` first, while Slack's budget of it lasts
 * (response-url.ts), and falls back to the Web API, whose client waits out 429s. Where each reply
 * goes is the core's executor's decision (delivery-executor.ts), never this file's.
 */
export class SlackResponder {
  readonly #urls: ResponseUrls;

  constructor(private readonly options: ResponderOptions) {
    this.#urls = new ResponseUrls({
      now: options.now ?? (() => new Date()),
      timeoutMs: options.httpTimeoutMs,
      logger: options.logger,
      apiUrl: options.apiUrl,
    });
  }

  /** The conversation a request came from: its channel (or DM with the app) and the person. */
  conversation(target: ReplyTarget): Conversation {
    return {
      platform: 'slack',
      can: SLACK_CAN,
      kind: target.chat.kind,
      ...(target.pressedPrivately ? { pressedPrivately: true } : {}),
      post: async (posted, form) => {
        const reply = target.chat.kind === 'private' ? this.#linked(posted) : posted;
        if (await this.#chart(target, reply, (m) => this.#send(target, m, false))) return undefined;
        const { file, ...body } = reply;
        const sent = await this.#post(target, body, form);
        if (file) await this.#upload(target, file, 'chat', reply.language);
        return sent;
      },
      // A chart drawn by Slack carries the file; else the file goes to the DM (the executor uploads
      // it) and the message alone is shown here.
      showToActor: async (shown, form) => {
        const reply = this.#linked(shown);
        if (await this.#chart(target, reply, (m) => this.#send(target, m, true))) return 'with-file';
        const { file: _file, ...body } = reply;
        return inTableForm(body, form, async (message) => {
          if (message.blocks.length > 0) await this.#send(target, message, true);
          return true;
        });
      },
      postPrivately: async (privately, form) => {
        const reply = this.#linked(privately);
        const { file, ...body } = reply;
        const channel = await this.#dm(target);
        const send = (m: RenderedMessage) => target.client.chat.postMessage({ channel, ...m });
        if (await this.#chart(target, reply, send)) return undefined;
        const posted = await inTableForm(body, form, (message) =>
          target.client.chat.postMessage({ channel, text: message.text, blocks: message.blocks }),
        );
        if (file) await this.#upload(target, file, 'private', reply.language);
        return posted.ts ? this.#sent(target, posted.channel ?? channel, posted.ts) : undefined;
      },
      editPressed: async (reply, form) => {
        const { file, ...body } = reply;
        const replaced = await inTableForm(body, form, (message) => this.#replace(target, message));
        if (!replaced) return false;
        if (file) await this.#upload(target, file, 'chat', reply.language);
        return true;
      },
      deleteIncoming: async () => false,
      askSecret: (ask) => this.#askSecret(target, ask),
      upload: (file, where, language) => this.#upload(target, file, where, language),
      audit: (records, language) => this.#audit(target, records, language),
      // A plan streams in the DM only; in a channel the answer goes privately as today (stream.ts).
      progress: () =>
        target.chat.kind === 'private'
          ? slackProgress({ client: target.client, channel: target.channel })
          : undefined,
    };
  }

  /**
   * The form the core asks a secret in (the link form, the PIN form): it replaces the modal opened
   * on arrival, else opens on the request's trigger_id. `false` when it cannot: no trigger (an
   * event), or the trigger expired; the executor then posts the core's words.
   */
  async #askSecret(target: ReplyTarget, ask: SecretAsk): Promise<boolean> {
    const meta = {
      team: target.tenant ?? '',
      user: target.user,
      channel: target.channel,
      ...(target.responseUrl ? { responseUrl: target.responseUrl } : {}),
    };
    try {
      if (target.viewId)
        await target.client.views.update({ view_id: target.viewId, view: secretForm(ask, meta) });
      else if (target.triggerId)
        await target.client.views.open({ trigger_id: target.triggerId, view: secretForm(ask, meta) });
      else return false;
      return true;
    } catch (err) {
      this.options.logger.warn({ err: errorSummary(err), method: 'views.open' }, 'Slack form did not open');
      return false;
    }
  }

  /** The reply with its record's Work Object link: for answers in a private place only (work-object-link.ts). */
  #linked(reply: Reply): Reply {
    const label = wordsIn(slackWords, reply.language).workObject.link;
    return withWorkObjectLink(reply, this.options.workObjects, label);
  }

  /** A reply with a chart, drawn by Slack where the workspace takes the block (native-chart.ts). */
  #chart(target: ReplyTarget, reply: Reply, send: (m: RenderedMessage) => Promise<unknown>) {
    return sentAsNativeChart(reply, target.tenant ?? '', this.options.memory, this.options.logger, send);
  }

  /** A short line only the person who acted sees: the adapter's own words (a refusal before the core). */
  async notice(target: ReplyTarget, text: string): Promise<void> {
    await this.#send(target, { text: escapeMrkdwn(text), blocks: [] }, true);
  }

  /**
   * A message in the chat. One the core edits later (the call card) is posted through
   * `chat.postMessage`, whose `ts` `chat.update` needs; `response_url` answers carry none.
   */
  #post(target: ReplyTarget, reply: Reply, form?: ReplyForm): Promise<SentMessage | undefined> {
    return inTableForm(reply, form, (message) => this.#postRendered(target, reply, message));
  }

  async #postRendered(
    target: ReplyTarget,
    reply: Reply,
    message: RenderedMessage,
  ): Promise<SentMessage | undefined> {
    if (message.blocks.length === 0) return undefined;
    if (reply.track) {
      try {
        const posted = await target.client.chat.postMessage({
          channel: target.channel,
          text: message.text,
          blocks: message.blocks,
        });
        return posted.ts ? this.#sent(target, posted.channel ?? target.channel, posted.ts) : undefined;
      } catch (err) {
        this.options.logger.warn(
          { err: errorSummary(err), method: 'chat.postMessage' },
          'Slack post failed; using response_url',
        );
      }
    }
    return this.#send(target, message, false);
  }

  #sent(target: ReplyTarget, channel: string, ts: string): SentMessage {
    return { platform: 'slack', tenant: target.tenant ?? '', chatId: channel, messageId: ts };
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

  /**
   * Through the response URL while it lasts, else the Web API. Returns where a message landed: its
   * `ts`, or the URL that can replace it (docs/interface.md §2.6); how it is sent never depends on it.
   */
  async #send(
    target: ReplyTarget,
    message: RenderedMessage,
    priv: boolean,
  ): Promise<SentMessage | undefined> {
    const payload = { response_type: priv ? 'ephemeral' : 'in_channel', replace_original: false, ...message };
    const url = target.responseUrl;
    if (url && (await this.#urls.post(url, payload))) {
      const since = (this.#urls.since(url) ?? new Date()).toISOString();
      return { ...this.#sent(target, target.channel, ''), responseUrl: { url, since } };
    }
    const landed = await answerThroughWebApi(target, message, priv);
    return landed && this.#sent(target, landed.channel, landed.ts);
  }

  async #dm(target: ReplyTarget): Promise<string> {
    if (target.chat.kind === 'private') return target.channel;
    const dm = await target.client.conversations.open({ users: target.user });
    if (!dm.channel?.id) throw new Error('conversations.open gave no channel');
    return dm.channel.id;
  }

  /** The support channel's audit thread: only in a support channel (the core attaches records there alone). */
  async #audit(target: ReplyTarget, records: readonly AuditRecord[], language?: Language): Promise<void> {
    for (const record of records) {
      const note = escapeMrkdwn(record.note).replace(escapeMrkdwn(ACTOR_MARK), `<@${record.actor}>`);
      try {
        await this.options.auditThread.post(target.client, target.channel, note, language);
      } catch (err) {
        // The store's audit log already holds the entry; the thread is the team's view of it.
        this.options.logger.warn(
          { err: errorSummary(err), method: 'chat.postMessage' },
          'Slack audit record failed',
        );
      }
    }
  }

  /** A file into the channel, or into the person's direct message with the app (a file in a channel is the channel's). */
  async #upload(target: ReplyTarget, file: ReplyFile, where: 'chat' | 'private', language?: Language) {
    try {
      const channel = where === 'private' ? await this.#dm(target) : target.channel;
      await uploadFile(target.client, channel, file, this.options.httpTimeoutMs);
    } catch (err) {
      this.options.logger.warn({ err: errorSummary(err) }, 'Slack file upload failed');
      await this.notice(target, wordsIn(slackWords, language).fileFailed(file.name));
    }
  }
}
