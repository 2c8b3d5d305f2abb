import { randomBytes } from 'node:crypto';
import { isStoreUnavailable } from '../delivery/error-replies.js';
import type {
  Arrival,
  ChannelRegistration,
  Door,
  Enriched,
  IncomingAction,
  IncomingCommand,
  IncomingText,
  Received,
} from '../door.js';
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

/** What the door needs of the core. */
export interface DoorDeps {
  /** A line's replies and whether it changed state (`PlacedOutcome.changedState`). */
  decideText(input: IncomingText): Promise<PlacedOutcome>;
  decideCommand(input: IncomingCommand): Promise<PlacedOutcome>;
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
        return decide(deps, withProgress(e, conversation));
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
/** A typed line, a command by name or a press carries its conversation's progress view (ports/progress.ts). */
function withProgress(e: Enriched, conversation: Conversation): Enriched {
  const progress = conversation.progress?.();
  if (!progress) return e;
  if ('text' in e) return { ...e, text: { progress, ...e.text } };
  if ('command' in e) return { ...e, command: { progress, ...e.command } };
  // A press may start a long job too (the menu's export, docs/interface.md §3.6).
  if ('action' in e) return { ...e, action: { progress, ...e.action } };
  return e;
}

async function decide(deps: DoorDeps, e: Enriched): Promise<PlacedOutcome> {
  if ('text' in e) return deps.decideText(e.text);
  if ('command' in e) return deps.decideCommand(e.command);
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
