import type { CoreLogger } from '../logs/logger.js';
import { errorSummary } from '../logs/safe-error.js';
import { type Language, wordsIn } from '../messages.js';
import type { Conversation } from '../ports/channel.js';
import type { CoreMetrics, SendFailedEvent } from '../ports/metrics.js';
import { SendFailedError, type SentMessage, type TrackedMessage } from '../ports/notify.js';
import { ACTOR_MARK, type Audience, type PlacedOutcome, type PlacedReply, type Reply } from '../reply.js';
import { failed, inForms, maySendAgain, type Tried } from './send-forms.js';

/**
 * The one executor (docs/architecture.md §8.3.3): turns placed replies into a channel's primitives
 * (ports/channel.ts). Command replies, button outcomes, menus and pages, alerts, call reports and
 * digests all leave through here, so where a reply shows follows from its audience and the
 * channel's capabilities, in one place. Adapters only render and send. What each send reports
 * (sent, refused, unknown: ports/notify.ts) decides what follows (docs/reliability.md §2.4): a
 * refused form is followed by the plainer one (send-forms.ts), a refused ephemeral message by the
 * private chat and a note where it was asked, and an unknown send by nothing (a log line, a counter).
 */

export interface ExecutorOptions {
  logger: CoreLogger;
  /** Told where a reply with `track` or `watch` landed (the call card, a confirmation), so the core can edit it later. */
  tracked?: (tracked: TrackedMessage) => Promise<void>;
  /** Counts the sends that failed (`sendFailed`). */
  metrics?: CoreMetrics;
}

/** Where one reply goes in this conversation. */
type Spot = 'chat' | 'one' | 'private';

/**
 * Where a reply landed, when the platform says; `unreachable`: no private conversation to post in;
 * `failed`: the platform refused every form, or may have taken it without saying (logged and counted).
 */
type Sent = Tried<SentMessage | undefined | 'unreachable'>;

/**
 * A reply for the chat stays in it; one for the actor is shown to them alone where the channel can
 * (`showToOne`), else in their private conversation; a private one never shows inside a shared chat.
 */
export function spotOf(conv: Pick<Conversation, 'kind' | 'can'>, audience: Audience): Spot {
  if (conv.kind === 'private' || audience === 'chat') return 'chat';
  return audience === 'actor' && conv.can.showToOne ? 'one' : 'private';
}

export class DeliveryExecutor {
  readonly #o: ExecutorOptions;

  constructor(options: ExecutorOptions) {
    this.#o = options;
  }

  /**
   * Sends replies to a command (or a press's follow-ups) in order. `announce`: tell the chat that
   * answers went to the private conversation (an edited confirmation already says so).
   */
  async replies(conv: Conversation, replies: readonly PlacedReply[], announce = true): Promise<void> {
    if (replies.some((r) => r.deleteIncoming)) await this.#deleteIncoming(conv);
    let wentPrivately = false;
    let unreachable = false;
    for (const reply of replies) {
      const spot = spotOf(conv, reply.audience);
      if (spot === 'private' && unreachable) continue;
      const { sent, where } = await this.#one(conv, reply, spot);
      if (sent === 'unreachable') unreachable = true;
      else if (where === 'private' && !failed(sent)) wentPrivately = true;
    }
    const language = replies[0]?.language;
    if (unreachable) await this.#post(conv, pointer(conv, 'unreachable', language));
    else if (wentPrivately && announce) await this.#point(conv, language);
  }

  /**
   * A button press's outcome: the update replaces the pressed message when it may be shown there,
   * else goes where it was placed and the pressed message says where; the notice is shown unless
   * the update already says it (no sentence twice); follow-ups go as replies do.
   */
  async outcome(conv: Conversation, outcome: PlacedOutcome, noticeShown = false): Promise<void> {
    const { update } = outcome;
    const followUps = [...(outcome.followUps ?? [])];
    if (update) await this.#update(conv, update);
    const notice = outcome.notice;
    const said = (text: string) => [update, ...followUps].some((r) => r?.text === text);
    if (notice && !noticeShown && !said(notice)) {
      const language = update?.language ?? followUps[0]?.language;
      // Where a note cannot be shown to one person, it goes privately only when nothing else answers.
      const shown = conv.can.showToOne && (await this.#show(conv, note(notice, language))) === true;
      if (!shown && !update && followUps.length === 0) followUps.push(note(notice, language));
    }
    if (followUps.length > 0) await this.replies(conv, followUps, !update);
  }

  /**
   * One message the core sends first (an alert, a call report, a digest: the Outbox), at the spot
   * its audience gives in this conversation: where it landed, and whether it went privately.
   */
  async first(
    conv: Conversation,
    reply: PlacedReply,
  ): Promise<{ sent: SentMessage | undefined | 'unreachable'; where: Spot }> {
    const { sent, where } = await this.#one(conv, reply, spotOf(conv, reply.audience));
    // The Outbox keeps its own record of what failed, and its own schedule.
    if (failed(sent)) throw new SendFailedError(sent.failed, 'every form');
    return { sent, where };
  }

  async #update(conv: Conversation, update: PlacedReply): Promise<void> {
    const spot = spotOf(conv, update.audience);
    // A screen that asks for a secret (the menu's Top up) asks in the channel's form where it has
    // one; the pressed message then stays as it was, its buttons and Back with it.
    if (await this.#askedInForm(conv, update)) return;
    // The pressed message may show it: it is the chat's, or the presser's alone and so is this.
    if (spot === 'chat' || (spot === 'one' && conv.pressedPrivately)) {
      const edited = await this.#edit(conv, update);
      if (!done(edited)) await this.#one(conv, update, spot);
      return;
    }
    // For the presser alone, in place of the chat's message where the channel can (it stays the chat's).
    const inPlace = conv.showInPlace?.bind(conv);
    if (spot === 'one' && inPlace) {
      const shown = await inForms(this.#o, what(conv, 'showInPlace', update), (form) =>
        inPlace(update, form),
      );
      if (done(shown)) return;
    }
    const { sent, where } = await this.#one(conv, update, spot);
    if (where !== 'private') return;
    // The pressed message stays for the chat; it, or a note to the presser, says where the answer went.
    if (conv.can.showToOne) await this.#point(conv, update.language);
    else if (conv.can.edit) {
      if (failed(sent)) return;
      const what = sent === 'unreachable' ? 'unreachable' : 'sent';
      await this.#edit(conv, pointer(conv, what, update.language));
    }
  }

  /** A secret is asked in the channel's private form where it has one (a Slack modal), not by message. */
  async #askedInForm(conv: Conversation, reply: PlacedReply): Promise<boolean> {
    if (!reply.asksSecret || !conv.can.secretForm || !conv.askSecret) return false;
    return conv.askSecret({ form: reply.asksSecret, language: reply.language ?? 'en' });
  }

  /**
   * One reply at its spot, its file beside it and its audit records in the thread. Shown to one
   * person where the channel would not (`showToActor` false), it goes to the private conversation.
   */
  async #one(conv: Conversation, reply: PlacedReply, spot: Spot): Promise<{ sent: Sent; where: Spot }> {
    if (await this.#askedInForm(conv, reply)) return { sent: undefined, where: spot };
    const { file, audit, deleteIncoming: _d, ...body } = reply;
    // A file is never ephemeral: shown to one, the message is, and the file goes privately beside it
    // (a channel that cannot show such a message to one sends the whole reply privately instead).
    const carried: Reply = file ? { ...body, file } : body;
    let where = spot;
    let sent: Sent;
    const shown = spot === 'one' ? await this.#show(conv, carried) : false;
    if (spot === 'chat') sent = await this.#post(conv, carried);
    else if (shown === true || shown === 'with-file') {
      if (file && shown === true) {
        await conv.upload(file, 'private', reply.language);
        const words = wordsIn(conv.can.privateWords, reply.language);
        await this.#show(conv, note(words.fileSentTo(file.name), reply.language));
      }
    } else if (failed(shown) && !maySendAgain(shown.failed)) {
      // It may be showing already: never a second copy, privately or not.
      sent = shown;
    } else {
      where = 'private';
      sent = await inForms(this.#o, what(conv, 'postPrivately', carried), (form) =>
        conv.postPrivately(carried, form),
      );
    }
    const key = reply.track ?? reply.watch;
    if (sent && sent !== 'unreachable' && !failed(sent) && key) await this.#track(key, sent);
    if (audit?.length && conv.audit) await conv.audit(audit, reply.language);
    return { sent, where };
  }

  async #deleteIncoming(conv: Conversation): Promise<void> {
    if (!conv.can.deleteIncoming) return;
    // The core's words claim a deletion only where the channel can delete (ports/channel.ts).
    if (!(await conv.deleteIncoming()))
      this.#o.logger.warn({ platform: conv.platform }, 'delivery: could not delete a secret');
  }

  async #point(conv: Conversation, language: Language | undefined): Promise<void> {
    const told = pointer(conv, 'sent', language);
    if (!(conv.can.showToOne && (await this.#show(conv, told)) === true))
      await this.#post(conv, pointer(conv, 'sent', language, true));
  }

  #post(conv: Conversation, reply: Reply): Promise<Tried<SentMessage | undefined>> {
    return inForms(this.#o, what(conv, 'post', reply), (form) => conv.post(reply, form));
  }

  /** The pressed message edited into `reply`, in the order of forms (a page turn, a confirmation's outcome). */
  #edit(conv: Conversation, reply: Reply): Promise<Tried<boolean>> {
    return inForms(this.#o, what(conv, 'editPressed', reply), (form) => conv.editPressed(reply, form));
  }

  #show(conv: Conversation, reply: Reply): Promise<Tried<boolean | 'with-file'>> {
    return inForms(this.#o, what(conv, 'showToActor', reply), (form) => conv.showToActor(reply, form));
  }

  async #track(track: string, message: SentMessage): Promise<void> {
    await this.#o.tracked?.({ track, message }).catch((error: unknown) => {
      this.#o.logger.warn({ err: errorSummary(error) }, 'delivery: could not record a sent message');
    });
  }
}

function what(conv: Conversation, primitive: SendFailedEvent['primitive'], reply: Reply) {
  return { platform: conv.platform, primitive, reply };
}

/**
 * It shows (`true`), or may already show (no answer: never a second copy); `false` (nothing to
 * edit) or a refusal in every form leaves the reply to be sent anew.
 */
function done(tried: Tried<boolean>): boolean {
  return failed(tried) ? !maySendAgain(tried.failed) : tried;
}

/** A short note for the person who acted alone (a press's notice, where a file went). */
function note(text: string, language: Language | undefined): PlacedReply {
  return { text, tone: 'info', audience: 'actor', visibility: 'personal', ...(language ? { language } : {}) };
}

/**
 * The note that an answer went to the private conversation, in the words the channel declares for
 * it (`can.privateWords`). Shown to one person it needs no name; posted in the chat it names the
 * person ({@link ACTOR_MARK}, the adapter's mention). Unreachable: a way to open the private conversation.
 */
function pointer(
  conv: Conversation,
  what: 'sent' | 'unreachable',
  language: Language | undefined,
  inChat = false,
): PlacedReply {
  const words = wordsIn(conv.can.privateWords, language);
  const base = { audience: 'chat' as const, visibility: 'public' as const, tone: 'info' as const };
  const lang = language ? { language } : {};
  if (what === 'unreachable')
    return {
      ...base,
      ...lang,
      text: words.cantReach(ACTOR_MARK),
      privateRedirect: { startParam: 'private' },
    };
  const sentTo = conv.can.showToOne && !inChat ? words.sentToYou : words.sentTo;
  return { ...base, ...lang, text: sentTo(ACTOR_MARK) };
}
