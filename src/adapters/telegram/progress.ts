import { randomInt } from 'node:crypto';
import type { Api, Bot } from 'grammy';
import { type ProgressState, type ProgressView, planLines } from '../../core/index.js';
import { escapeHtml } from './escape.js';
import { reported } from './send-report.js';
import { notModified } from './send-rich.js';

/**
 * Telegram's rendering of the core's progress (core/ports/progress.ts, docs/interface.md §5.2). In a
 * private chat the native form is a message draft (`sendMessageDraft`, Bot API 10.3) with the stop
 * button (`can_stop`); the answer that follows persists the result, as the method's documentation
 * says (a draft is a 30-second preview). In a group, and after the draft is refused (404 on an older
 * Bot API server, 400), one message is sent and edited: the core throttles both, here at most one
 * update every 3 s in a group (Telegram allows about 20 messages a minute in a group) and 1 s in a
 * private chat.
 */
export const GROUP_PROGRESS_INTERVAL_MS = 3000;
export const PRIVATE_PROGRESS_INTERVAL_MS = 1000;

/**
 * A draft vanishes 30 s after its last send (`sendMessageDraft`: "a temporary 30-second preview").
 * An export that reads longer than that sends the same draft again after 20 s without a newer one,
 * well inside its lifetime and far above the private chat's interval (docs/interface.md §5.2).
 */
export const DRAFT_REFRESH_MS = 20_000;

/** The keep-alive's timer: arms `fire` after `ms`, and returns what cancels it (injected in tests). */
export interface KeepAliveTimers {
  set(ms: number, fire: () => void): () => void;
}

/** setTimeout, unreferenced: a draft waiting for its refresh never keeps the process alive. */
export const keepAliveTimers: KeepAliveTimers = {
  set(ms, fire) {
    const t = setTimeout(fire, ms);
    t.unref();
    return () => clearTimeout(t);
  },
};

/** Drafts the person stopped (the update `stopped_message_generation`), by chat and draft id. */
export class DraftStops {
  readonly #stopped = new Set<string>();

  mark(chatId: number, draftId: number): void {
    this.#stopped.add(`${chatId}:${draftId}`);
  }

  has(chatId: number, draftId: number): boolean {
    return this.#stopped.has(`${chatId}:${draftId}`);
  }

  forget(chatId: number, draftId: number): void {
    this.#stopped.delete(`${chatId}:${draftId}`);
  }
}

/**
 * Takes the stop of a draft before the per-chat order: the chat's queue is busy with the very job
 * being stopped, so the update must not wait behind it. It carries nothing for the core.
 */
export function installDraftStops(bot: Bot): DraftStops {
  const stops = new DraftStops();
  bot.on(DRAFT_STOP, (ctx) => {
    const stop = ctx.update.stopped_message_generation;
    stops.mark(stop.chat.id, stop.draft_id);
  });
  return stops;
}

/** The update a draft's stop button sends (Bot API 10.3): the bot asks Telegram for it. */
export const DRAFT_STOP = 'stopped_message_generation' as const;

/** The plan as Telegram HTML: the title in bold, then one line a step (the core's plan-text.ts). */
export function progressHtml(state: ProgressState): string {
  return planLines(state, { escape: escapeHtml, bold: (t) => `<b>${t}</b>` }).join('\n');
}

/** One job's progress in one chat. */
export function telegramProgress(o: {
  api: Api;
  chatId: number;
  privateChat: boolean;
  stops: DraftStops;
  timers?: KeepAliveTimers;
}): ProgressView {
  const { api, chatId } = o;
  const draftId = randomInt(1, 2 ** 31 - 1);
  let messageId: number | undefined;
  const keep = draftKeeper(o.timers ?? keepAliveTimers, () => o.stops.has(chatId, draftId));
  const edited = async (html: string) => {
    if (messageId === undefined) {
      messageId = (await api.sendMessage(chatId, html, { parse_mode: 'HTML' })).message_id;
      return;
    }
    try {
      await api.editMessageText(chatId, messageId, html, { parse_mode: 'HTML' });
    } catch (error) {
      // The same text again is no failure (a throttled state that changed nothing on screen).
      if (!notModified(error)) throw error;
    }
  };
  const draft = async (html: string) => {
    await api.sendMessageDraft(chatId, draftId, html, { parse_mode: 'HTML', can_stop: true });
  };
  const send = (state: ProgressState, form: 'rich' | 'plain') =>
    reported(async () => {
      const html = progressHtml(state);
      if (!(form === 'rich' && o.privateChat)) return edited(html);
      await keep.sending(() => draft(html));
      if (state.phase === 'running') keep.arm(() => draft(html));
    });
  return {
    minIntervalMs: o.privateChat ? PRIVATE_PROGRESS_INTERVAL_MS : GROUP_PROGRESS_INTERVAL_MS,
    show: send,
    async end(state, form) {
      keep.stop();
      await send(state, form);
      o.stops.forget(chatId, draftId);
    },
    stopped: () => o.stops.has(chatId, draftId),
  };
}

/**
 * Keeps one draft alive (DRAFT_REFRESH_MS): after each send, one timer that sends the same draft
 * again; a newer send or the end cancels it, and a draft the person stopped is not sent again. A
 * refresh never overlaps a send, so the throttle's order and interval hold; one that fails ends the
 * keep-alive quietly (the next state still goes through the throttle).
 */
function draftKeeper(timers: KeepAliveTimers, stopped: () => boolean) {
  let cancel: (() => void) | undefined;
  let ended = false;
  let busy: Promise<unknown> = Promise.resolve();
  // Each send is a generation: a refresh re-arms only while no newer send came after it, so a
  // newer state that failed is not followed by the older draft every 20 s.
  let generation = 0;
  const stop = () => {
    cancel?.();
    cancel = undefined;
  };
  const sending = (call: () => Promise<void>): Promise<void> => {
    stop();
    generation++;
    const run = busy.then(call);
    busy = run.catch(() => {});
    return run;
  };
  const arm = (again: () => Promise<void>): void => {
    stop();
    if (ended || stopped()) return;
    cancel = timers.set(DRAFT_REFRESH_MS, () => {
      cancel = undefined;
      if (ended || stopped()) return;
      const run = sending(again);
      const mine = generation;
      run.then(
        () => {
          if (generation === mine) arm(again);
        },
        () => {},
      );
    });
  };
  return {
    sending,
    arm,
    stop() {
      ended = true;
      stop();
    },
  };
}
