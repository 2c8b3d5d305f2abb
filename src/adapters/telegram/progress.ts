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
}): ProgressView {
  const { api, chatId } = o;
  const draftId = randomInt(1, 2 ** 31 - 1);
  let messageId: number | undefined;
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
    reported(() => (form === 'rich' && o.privateChat ? draft : edited)(progressHtml(state)));
  return {
    minIntervalMs: o.privateChat ? PRIVATE_PROGRESS_INTERVAL_MS : GROUP_PROGRESS_INTERVAL_MS,
    show: send,
    async end(state, form) {
      await send(state, form);
      o.stops.forget(chatId, draftId);
    },
    stopped: () => o.stops.has(chatId, draftId),
  };
}
