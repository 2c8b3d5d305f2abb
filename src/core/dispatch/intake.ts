import { randomBytes } from 'node:crypto';
import type { IncomingAction, IncomingCommand, IncomingText } from '../core.js';
import { isStoreUnavailable } from '../delivery/error-replies.js';
import type { ChannelLogger } from '../logs/logger.js';
import { errorSummary } from '../logs/safe-error.js';
import { catalogues, type Language, languageOf, type Messages } from '../messages.js';
import type { Conversation } from '../ports/channel.js';
import type { DedupeStore } from '../ports/stores.js';
import type { PlacedOutcome, PlacedReply } from '../reply.js';

/**
 * The one road in (docs/architecture.md §3.1): every request a channel hands over enters here.
 * Cheap first: the platform's delivery id is claimed once (a redelivery stops here; while the store
 * is down the person is told so and nothing runs), the busy decision is taken; only then does the
 * channel's `enrich()` run its lookups (Slack `users.info`, Telegram's admin check), the core
 * decides, the decision is delivered through the one road out, and a failure is logged and worded.
 */

/** What a channel says about itself when it opens its door to the core. */
export interface ChannelRegistration {
  /** The channel's name in log lines (`telegram`, `slack`). */
  readonly name: string;
  readonly logger: ChannelLogger;
  /** Where deliveries are claimed once, across instances; default: the core's own store. */
  readonly dedupe?: DedupeStore;
  /** How long a claim holds (as long as the platform may redeliver). Default one day. */
  readonly dedupeTtlMs?: number;
}

/** What a request asks of the core once enriched: a line of text, a command by name, a press, or a form's own call. */
export type Request =
  | { readonly text: IncomingText }
  | { readonly command: IncomingCommand }
  | { readonly action: IncomingAction }
  | { readonly call: () => Promise<PlacedReply | PlacedReply[]> };

/** A request after `enrich()`: what it asks, and the conversation it is answered in (the chat now known). */
export type Enriched = Request & {
  readonly conversation?: Conversation;
  /** The locale as enriched, for the failure words. */
  readonly locale?: string | undefined;
};

/** The channel shows part of a decision itself (in its ack, in a form); the core delivers the rest. */
export interface Shown {
  readonly rest?: PlacedOutcome;
  /** The channel's own answer (a press's toast) carried the notice already. */
  readonly noticeShown?: boolean;
}

/** A request at the door: the cheap envelope, and what the channel does with it. */
export interface Arrival {
  /**
   * The platform's id of this delivery, the same on a redelivery (never a digest of what was
   * typed, docs/privacy.md §2.4): claimed once. Absent: nothing to claim (one person, in order).
   */
  readonly deliveryId?: string;
  /** A lost claim still runs: a person may send the same again on purpose (a form told apart from Slack's retry by its header). */
  readonly rerun?: boolean;
  /** The language the platform told without a lookup. */
  readonly locale?: string | undefined;
  /** Only for the store-down notice when `locale` is unknown: a lookup the platform answers while our store does not. */
  readonly lookupLocale?: () => Promise<string | undefined>;
  /** The conversation as known before any lookup: the notices go there, and the decision unless enriched. */
  readonly conversation: Conversation;
  /** A press: a notice is its outcome's notice, not a message. */
  readonly press?: boolean;
  /**
   * `answer`: this channel answers a busy provider here, in words (Slack Socket Mode). Absent: its
   * own door turned busy requests away already (Telegram's webhook 503, Slack's HTTP ack), or it
   * takes them in order (the console, polling).
   */
  readonly busy?: 'answer';
  /** A short line to the person before any decision (store down, busy): the channel's own way, else a message in the chat. */
  readonly notice?: (text: string) => Promise<void>;
  /** Log fields that identify the delivery (never what was typed). */
  readonly log?: Record<string, unknown>;
  /** The costly part, run only for a claimed request: lookups, then what it asks. `undefined`: answered already. */
  enrich(): Promise<Enriched | undefined>;
  /** Told while the core decides (Telegram shows "typing…"). */
  meanwhile?(decision: Promise<unknown>): void;
  /** Shows the decision, or part of it, the channel's own way; what it leaves is delivered. */
  show?(decision: PlacedOutcome): Promise<Shown>;
}

/** What became of a request at the door. */
export type Received = 'done' | 'duplicate' | 'unavailable' | 'busy';

/** A channel's door into the core. */
export interface Door {
  receive(arrival: Arrival): Promise<Received>;
  /**
   * The busy decision and its words: the words when the provider's backlog is full (or the
   * channel's own is, `full`), in the language of `locale` or every language when unknown; else
   * `undefined`. The channel decides when to use them (an HTTP ack, a 503).
   */
  busyWords(locale?: string, full?: boolean): string | undefined;
}

/** What the door needs of the core. */
export interface DoorDeps {
  handleText(input: IncomingText): Promise<PlacedReply[]>;
  runCommand(input: IncomingCommand): Promise<PlacedReply[]>;
  handleAction(input: IncomingAction): Promise<PlacedOutcome>;
  deliverOutcome(conv: Conversation, outcome: PlacedOutcome, noticeShown?: boolean): Promise<void>;
  busy?(): boolean;
  dedupe: DedupeStore;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function openDoor(deps: DoorDeps, channel: ChannelRegistration): Door {
  const dedupe = channel.dedupe ?? deps.dedupe;
  const ttlMs = channel.dedupeTtlMs ?? DAY_MS;
  const at: Gate = { deps, dedupe, ttlMs, channel };
  const busyWords = (locale?: string, full = false) =>
    full || deps.busy?.() ? inEveryLanguage(locale, (t) => t.busyTryAgain) : undefined;

  return {
    busyWords,
    async receive(a) {
      const stopped = await claim(at, a);
      if (stopped) return stopped;
      if (a.busy === 'answer') {
        const words = busyWords(a.locale);
        if (words !== undefined) {
          await tell(deps, a, words);
          return 'busy';
        }
      }
      let conversation = a.conversation;
      let locale = a.locale;
      const work = a.enrich().then(async (e) => {
        if (!e) return undefined;
        conversation = e.conversation ?? conversation;
        locale = e.locale ?? locale;
        return decide(deps, e);
      });
      a.meanwhile?.(work);
      let decision: PlacedOutcome | undefined;
      try {
        decision = await work;
      } catch (error) {
        channel.logger.error({ ...a.log, err: errorSummary(error) }, `${channel.name}: request failed`);
        decision = failed(a, languageOf(locale));
      }
      if (!decision) return 'done';
      const shown = a.show ? await a.show(decision) : { rest: decision };
      if (shown.rest) await deps.deliverOutcome(conversation, shown.rest, shown.noticeShown);
      return 'done';
    },
  };
}

/** What the claim needs: the channel, its store and how long a claim holds. */
interface Gate {
  deps: DoorDeps;
  dedupe: DedupeStore;
  ttlMs: number;
  channel: ChannelRegistration;
}

/** The claim, once per delivery: why the request stops here, or `undefined` when it goes on. */
async function claim(at: Gate, a: Arrival): Promise<Received | undefined> {
  const { logger, name } = at.channel;
  if (a.deliveryId === undefined) return undefined;
  try {
    if (await at.dedupe.claim(a.deliveryId, at.ttlMs)) return undefined;
    if (a.rerun) return undefined;
    logger.info({ ...a.log }, `${name}: dropped a redelivered request`);
    return 'duplicate';
  } catch (error) {
    if (!isStoreUnavailable(error)) throw error;
    // docs/reliability.md §5.2: nothing runs; telling is harmless even if this was a duplicate.
    logger.warn({ ...a.log }, `${name}: store unavailable, request not run`);
    const locale = a.locale ?? (await a.lookupLocale?.().catch(() => undefined));
    await tell(
      at.deps,
      a,
      inEveryLanguage(locale, (t) => t.storeUnavailable),
    );
    return 'unavailable';
  }
}

/** A short line before any decision: the channel's own way, else a press's notice or a message in the chat. */
async function tell(deps: DoorDeps, a: Arrival, text: string): Promise<void> {
  const sent = a.notice
    ? a.notice(text)
    : deps.deliverOutcome(a.conversation, a.press ? { notice: text } : { followUps: [inChat(text)] });
  await sent.catch(() => undefined);
}

/** What the core decides for an enriched request, as one outcome (replies are its follow-ups). */
async function decide(deps: DoorDeps, e: Enriched): Promise<PlacedOutcome> {
  if ('text' in e) return { followUps: await deps.handleText(e.text) };
  if ('command' in e) return { followUps: await deps.runCommand(e.command) };
  if ('action' in e) return deps.handleAction(e.action);
  const r = await e.call();
  return { followUps: Array.isArray(r) ? r : [r] };
}

/** In the reader's language when known, else in every language the bot speaks (docs/language.md §1.2). */
function inEveryLanguage(locale: string | undefined, words: (t: Messages) => string): string {
  if (locale) return words(catalogues[languageOf(locale)]);
  return (Object.keys(catalogues) as Language[]).map((l) => words(catalogues[l])).join('\n\n');
}

/** A notice that says nothing about anyone: the chat may see it. */
const inChat = (text: string): PlacedReply => ({
  text,
  tone: 'warning',
  audience: 'chat',
  visibility: 'public',
});

/**
 * The failure words with a reference the log line does not need (the error was logged whole): a
 * press's notice, else a reply to the one who asked, as the core's own failures (dispatch/handlers.ts).
 */
function failed(a: Arrival, language: Language): PlacedOutcome {
  const text = catalogues[language].errInternal(randomBytes(4).toString('hex'));
  if (a.press) return { notice: text };
  return { followUps: [{ text, tone: 'error', audience: 'actor', visibility: 'personal', language }] };
}
