import type { UserFromGetMe } from 'grammy/types';
import type {
  ChannelLogger,
  Core,
  DedupeStore,
  Language,
  RecordStore,
  ScheduledDeletion,
} from '../../core/index.js';
import type { SetupRetryOptions } from './api-retry.js';
import { type Scheduler, timerScheduler } from './deliver.js';
import type { EditRecords } from './edits.js';
import type { EphemeralMode } from './ephemeral-capability.js';
import { type TelegramMessages, telegramMessages } from './messages.js';

/** The slice of a pino logger the channel uses; `pino()` fits as is. */
export type TelegramLogger = ChannelLogger;

export interface TelegramWebhookOptions {
  /** The public HTTPS URL Telegram posts to (TELEGRAM_WEBHOOK_URL). */
  url: string;
  /** Sent back by Telegram in `X-Telegram-Bot-Api-Secret-Token` (TELEGRAM_WEBHOOK_SECRET): 1-256 of `A-Za-z0-9_-`. */
  secret: string;
  /**
   * The local path the handler is served on. Default: the path of `url`, so what Telegram posts to
   * is what the server serves; set it when a proxy rewrites the path (TELEGRAM_WEBHOOK_PATH).
   */
  path?: string;
}

export interface TelegramChannelOptions {
  core: Core;
  /** TELEGRAM_BOT_TOKEN. Never logged. */
  token: string;
  /** `polling` (default in `src/bots`) uses @grammyjs/runner; `webhook` serves `/telegram/webhook`. */
  mode: 'polling' | 'webhook';
  /** TELEGRAM_API_ROOT: a local Bot API server, or the fake one in the tests. */
  apiRoot?: string | undefined;
  /** Required when `mode` is `webhook`. */
  webhook?: TelegramWebhookOptions | undefined;
  /** "Run once" claims for `update_id`s, shared by every instance (docs/reliability.md §1.1; docs/accounts.md §3.2). */
  dedupe: DedupeStore;
  logger?: TelegramLogger;
  /** Skips `getMe` (tests). */
  botInfo?: UserFromGetMe;
  /** Whether the core and its stores take work; webhook updates get 503 while not. Default: always. */
  ready?: () => boolean | Promise<boolean>;
  /** How long a claimed `update_id` is remembered. Telegram keeps updates for 24 h. Default 24 h. */
  dedupeTtlMs?: number;
  /** `getUpdates` long-poll timeout in seconds. Default 30. */
  pollingTimeoutSeconds?: number;
  /** Updates processed at once by the runner (its sink concurrency). Default 500. */
  concurrency?: number;
  /**
   * Webhook mode: updates taken and not yet handled beyond which the webhook answers 503, so
   * Telegram delivers them again later (admission control; `core.busy()` counts too). Default 1024.
   */
  backlog?: number;
  /** Webhook mode: updates of one sender taken and not yet handled beyond which it waits too. Default 2. */
  backlogPerSender?: number;
  /** Flood wait (api-retry.ts): a 429 asking to wait longer than this fails instead. Default 30. */
  maxRetryDelaySeconds?: number;
  /** Flood wait (api-retry.ts): attempts after the first. Default 3. */
  maxRetryAttempts?: number;
  /** Retries of the set-up calls (`getMe`, `setWebhook`, `deleteWebhook`) at start. */
  setupRetry?: Partial<SetupRetryOptions>;
  /** `stop()` waits this long for updates in flight. Default 10 s. */
  drainTimeoutMs?: number;
  /** How long a group admin check (`getChatMember`) is cached. Default 60 s. */
  adminCacheMs?: number;
  /** User-facing strings of the adapter itself, per reader language. Default: the core's catalogue. */
  messages?: (language: Language) => TelegramMessages;
  /** Runs the deletion of a secret's message later (docs/privacy.md §2.3). Default: timers; tests move time by hand. */
  scheduler?: Scheduler;
  /** Where a secret's pending deletion survives a restart (the store). Absent: memory only. */
  deletions?: RecordStore<ScheduledDeletion>;
  /**
   * Where what each message's command did is kept for a day (edits.ts), so an edit of it is judged
   * the same on every instance and after a restart (the store's claims). Absent: memory only.
   */
  edits?: EditRecords;
  /**
   * Timers of the "typing…" indicator (after 1 s of waiting on the core) and of the budget for
   * answering a button press (500 ms). Default: real timers; tests inject a manual scheduler.
   */
  busyScheduler?: Scheduler;
  /**
   * TELEGRAM_EPHEMERAL: whether a personal answer asked in a group is shown to its asker alone there
   * (ephemeral messages, Bot API 10.2). `auto` (default): off until a probe at start finds the
   * server has them; `on`: without a probe; `off`: `actor` replies go to the private chat. Either
   * way an answer that comes back for everyone is deleted and turns them off (docs/privacy.md §1.7).
   */
  ephemeral?: EphemeralMode;
  /** Each failed Bot API attempt, by method and `error_code` (`network`: no answer), for `/metrics`. */
  onApiError?: (method: string, code: string) => void;
}

export type ResolvedTelegramOptions = Required<
  Omit<
    TelegramChannelOptions,
    'apiRoot' | 'webhook' | 'botInfo' | 'setupRetry' | 'deletions' | 'edits' | 'onApiError'
  >
> &
  Pick<TelegramChannelOptions, 'apiRoot' | 'botInfo' | 'deletions' | 'edits' | 'onApiError'> & {
    webhook?: Required<TelegramWebhookOptions> | undefined;
    setupRetry: SetupRetryOptions;
  };

const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;

/** Resolves the defaults once (docs/architecture.md §7, house style) and checks what would only fail later. */
export function resolveTelegramOptions(options: TelegramChannelOptions): ResolvedTelegramOptions {
  if (!options.token) throw new TypeError('Telegram: the bot token is empty; set TELEGRAM_BOT_TOKEN');
  if (options.mode === 'webhook') {
    if (!options.webhook) {
      throw new TypeError('Telegram: webhook mode needs TELEGRAM_WEBHOOK_URL and TELEGRAM_WEBHOOK_SECRET');
    }
    if (!SECRET_TOKEN.test(options.webhook.secret)) {
      throw new TypeError('Telegram: TELEGRAM_WEBHOOK_SECRET must be 1-256 characters of A-Z a-z 0-9 _ -');
    }
  }
  let webhook: Required<TelegramWebhookOptions> | undefined;
  if (options.webhook) {
    const path = options.webhook.path ?? new URL(options.webhook.url).pathname;
    if (!path.startsWith('/')) throw new TypeError('Telegram: the webhook path must start with /');
    webhook = { ...options.webhook, path };
  }
  return {
    ...options,
    webhook,
    setupRetry: {
      maxAttempts: 8,
      maxDelayMs: 60_000,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      ...options.setupRetry,
    },
    logger: options.logger ?? consoleLogger,
    ready: options.ready ?? (() => true),
    dedupeTtlMs: options.dedupeTtlMs ?? 24 * 60 * 60 * 1000,
    pollingTimeoutSeconds: options.pollingTimeoutSeconds ?? 30,
    concurrency: options.concurrency ?? 500,
    backlog: options.backlog ?? 1024,
    backlogPerSender: options.backlogPerSender ?? 2,
    maxRetryDelaySeconds: options.maxRetryDelaySeconds ?? 30,
    maxRetryAttempts: options.maxRetryAttempts ?? 3,
    drainTimeoutMs: options.drainTimeoutMs ?? 10_000,
    adminCacheMs: options.adminCacheMs ?? 60_000,
    messages: options.messages ?? telegramMessages,
    scheduler: options.scheduler ?? timerScheduler,
    busyScheduler: options.busyScheduler ?? timerScheduler,
    ephemeral: options.ephemeral ?? 'auto',
  };
}

/** Without a logger, errors and warnings still surface; info is quiet. */
const consoleLogger: TelegramLogger = {
  info: () => {},
  warn: (obj, msg) => console.warn(msg ?? '', obj),
  error: (obj, msg) => console.error(msg ?? '', obj),
};
