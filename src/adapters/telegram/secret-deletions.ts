import type { Api } from 'grammy';
import {
  type ChannelLogger,
  errorSummary,
  type RecordStore,
  type ScheduledDeletion,
} from '../../core/index.js';

/** Runs `task` after `delayMs`. Injected, so tests move time by hand instead of waiting (docs/privacy.md §2.3). */
export interface Scheduler {
  schedule(delayMs: number, task: () => Promise<void>): void;
  /** The scheduler's clock, ms since the epoch; due times are written on it. */
  now(): number;
}

/** setTimeout, unreferenced: a pending deletion never keeps the process alive. */
export const timerScheduler: Scheduler = {
  schedule(delayMs, task) {
    setTimeout(() => void task().catch(() => {}), delayMs).unref();
  },
  now: () => Date.now(),
};

/**
 * Telegram lets a bot delete a message only within 48 hours of sending it (Bot API `deleteMessage`);
 * a deletion found later than that after a long outage is dropped instead of failing at Telegram.
 */
const DELETABLE_FOR_MS = 48 * 3_600_000;

export interface SecretDeletionsOptions {
  api: Api;
  scheduler: Scheduler;
  logger: ChannelLogger;
  /** Where pending deletions survive a restart. Absent: kept in memory only (tests, library use). */
  records?: RecordStore<ScheduledDeletion>;
}

/**
 * Deletes a secret's messages (PINs, SIP passwords) when the core's `deleteAfterMs` has passed
 * (docs/privacy.md §2.3). Each deletion is written to the store first, so one promised to the user ("deleted
 * in 10 minutes") still happens after a restart: `resume()` at start picks up what is left.
 */
export class SecretDeletions {
  readonly #o: SecretDeletionsOptions;

  constructor(options: SecretDeletionsOptions) {
    this.#o = options;
  }

  async later(chatId: number, messageIds: readonly number[], afterMs: number): Promise<void> {
    if (messageIds.length === 0) return;
    const record: ScheduledDeletion = {
      id: `${chatId}:${messageIds[0]}`,
      chatId: String(chatId),
      messageIds,
      dueAt: new Date(this.#o.scheduler.now() + afterMs).toISOString(),
      sentAt: new Date(this.#o.scheduler.now()).toISOString(),
    };
    await this.#o.records?.put(record).catch((error: unknown) => {
      // The timer below still deletes it; only a restart before then would forget it.
      this.#o.logger.warn({ err: errorSummary(error) }, 'telegram: could not store a pending deletion');
    });
    this.#schedule(record);
  }

  /** At start: schedules every deletion a previous run left, the overdue ones at once. */
  async resume(): Promise<number> {
    if (!this.#o.records) return 0;
    let resumed = 0;
    for await (const record of this.#o.records.list()) {
      if (this.#o.scheduler.now() > deletableUntil(record)) {
        await this.#o.records.delete(record.id);
        continue;
      }
      this.#schedule(record);
      resumed += 1;
    }
    return resumed;
  }

  #schedule(record: ScheduledDeletion, delayMs = Date.parse(record.dueAt) - this.#o.scheduler.now()): void {
    this.#o.scheduler.schedule(Math.max(0, delayMs), () => this.#run(record));
  }

  async #run(record: ScheduledDeletion): Promise<void> {
    const left: number[] = [];
    for (const id of record.messageIds) {
      try {
        await this.#o.api.deleteMessage(Number(record.chatId), id);
      } catch (error) {
        const again = !gone(error);
        if (again) left.push(id);
        this.#o.logger.warn(
          { err: errorSummary(error), chat: record.chatId, again },
          'telegram: could not delete a secret',
        );
      }
    }
    if (left.length > 0 && this.#o.scheduler.now() + RETRY_MS <= deletableUntil(record)) {
      // The secret is still on screen: keep the promise, in the store too, and try again later.
      const rest: ScheduledDeletion = { ...record, messageIds: left };
      await this.#o.records?.put(rest).catch(() => {});
      this.#schedule(rest, RETRY_MS);
      return;
    }
    await this.#o.records?.delete(record.id).catch(() => false);
  }
}

/** Telegram's window is counted from sending; records stored before `sentAt` existed use `dueAt`. */
function deletableUntil(record: ScheduledDeletion): number {
  return Date.parse(record.sentAt ?? record.dueAt) + DELETABLE_FOR_MS;
}

/** How long after a failed deletion that may pass (5xx, a 429 beyond auto-retry, no answer) it is tried again. */
const RETRY_MS = 60_000;

/**
 * Telegram's 400 (the message is already deleted, or too old to delete) and 403 (the bot was blocked
 * or removed from the chat): trying again cannot succeed. Anything else (5xx, 429, no answer) may.
 */
function gone(error: unknown): boolean {
  const code = (error as { error_code?: unknown } | null)?.error_code;
  return code === 400 || code === 403;
}
