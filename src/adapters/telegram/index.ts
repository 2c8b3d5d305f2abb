import { type RunnerHandle, run, sequentialize } from '@grammyjs/runner';
import { Bot, type Context, GrammyError, HttpError } from 'grammy';
import type { Update } from 'grammy/types';
import { InFlight } from '../../core/in-flight.js';
import type { Notifier } from '../../core/notify/notifier.js';
import { errorSummary } from '../../core/safe-error.js';
import { AdminCache } from './admin-cache.js';
import { createSendRetry, createSetupRetry } from './api-retry.js';
import { dedupeUpdates } from './dedupe.js';
import { Deliverer } from './deliver.js';
import { installHandlers } from './handlers.js';
import { createWebhookHandler, type HttpHandler, MAX_UPDATE_BYTES } from './http-server.js';
import { createTelegramNotifier } from './notifier.js';
import { resolveTelegramOptions, type TelegramChannelOptions } from './options.js';

export { type Scheduler, timerScheduler } from './deliver.js';
export { escapeHtml } from './escape.js';
export { MAX_UPDATE_BYTES, WEBHOOK_PATH } from './http-server.js';
export { type TelegramMessages, telegramMessages } from './messages.js';
export type { TelegramChannelOptions, TelegramLogger, TelegramWebhookOptions } from './options.js';
export { deepLink, type RenderedReply, renderReply, replyHtml } from './render-html.js';
export { splitHtml, TELEGRAM_MESSAGE_LIMIT } from './split-html.js';

export interface TelegramChannel {
  readonly bot: Bot;
  /** The core's outbound port on Telegram (alerts, call reports, digests). */
  readonly notifier: Notifier;
  /**
   * Initialises the bot (getMe), registers the command menus, then polls or registers the webhook.
   * Set-up calls Telegram answers with "later" (429, 5xx, no answer) are retried; any other refusal
   * rejects with a {@link TelegramSetupError} carrying Telegram's description.
   */
  start(): Promise<void>;
  /** Stops taking updates and waits (bounded by `drainTimeoutMs`) for the ones in flight (issue 7). */
  stop(): Promise<void>;
  /**
   * Webhook mode: the node:http handler for the webhook, to be mounted by the composition root on
   * `webhookPath` of its HTTP server before `start()` (Telegram may post as soon as it is registered),
   * with bodies limited to `maxBodyBytes`.
   */
  readonly webhook?: { handler: HttpHandler; path: string; maxBodyBytes: number };
  /** True once updates really arrive: polling runs, or the webhook is registered; false while stopping. */
  receiving(): boolean;
}

/** Telegram refused a set-up call for good, or never answered it. */
export class TelegramSetupError extends Error {
  override name = 'TelegramSetupError';
  constructor(
    readonly method: string,
    /** Telegram's `error_code`, or undefined when no answer came. */
    readonly errorCode: number | undefined,
    /** Telegram's own description, or the network failure. */
    readonly description: string,
    options?: ErrorOptions,
  ) {
    super(`Telegram refused ${method}: ${description}`, options);
  }
}

/** Update types the bot asks Telegram for: messages and button presses, nothing else. */
const ALLOWED_UPDATES = ['message', 'callback_query'] as const;

/**
 * The Telegram channel (issue 5): grammY with @grammyjs/runner for long polling, or a webhook.
 *
 * Middleware order, and why:
 * 1. `sequentialize` by chat: updates of one chat run in order, other chats run concurrently, so a
 *    slow provider stalls only its own chat. It comes before the dedupe claim because the claim is
 *    asynchronous: two updates of one chat could otherwise overtake each other while claiming. It
 *    has no side effect.
 * 2. the `update_id` claim: before any side effect, a redelivered update is dropped.
 * 3. the handlers: normalise, call the core, render.
 */
export function createTelegramChannel(options: TelegramChannelOptions): TelegramChannel {
  const o = resolveTelegramOptions(options);
  const logger = o.logger;
  const bot = new Bot(o.token, {
    ...(o.botInfo ? { botInfo: o.botInfo } : {}),
    client: { ...(o.apiRoot ? { apiRoot: o.apiRoot } : {}) },
  });
  bot.api.config.use(
    createSetupRetry({
      ...o.setupRetry,
      onRetry: (info) => logger.warn(info, 'telegram: set-up call answered "later"; retrying'),
    }),
  );
  bot.api.config.use(
    createSendRetry({ maxDelaySeconds: o.maxRetryDelaySeconds, maxRetryAttempts: o.maxRetryAttempts }),
  );
  // The runner prints `getUpdates` errors with their cause, whose message can hold the request URL
  // and so the token; it runs silent and failures are logged here without it.
  bot.api.config.use(async (prev, method, payload, signal) => {
    try {
      return await prev(method, payload, signal);
    } catch (error) {
      if (method === 'getUpdates' && !signal?.aborted)
        logger.warn({ err: errorSummary(error) }, 'telegram: getUpdates failed');
      throw error;
    }
  });

  // Every update is tracked from its first middleware on, whether it came from the runner or the
  // webhook: the runner's stop() does not wait for the updates it already handed out.
  const inFlight = new InFlight();
  bot.use((_ctx, next) => {
    const work = next();
    inFlight.track(work.catch(() => {}));
    return work;
  });
  bot.use(sequentialize<Context>((ctx) => (ctx.chat ?? ctx.from)?.id.toString()));
  bot.use(dedupeUpdates({ store: o.dedupe, botId: () => bot.botInfo.id, ttlMs: o.dedupeTtlMs, logger }));
  const deliverer = new Deliverer({
    api: bot.api,
    botUsername: () => bot.botInfo.username,
    messages: o.messages,
    logger,
    scheduler: o.scheduler,
    ...(o.deletions ? { deletions: o.deletions } : {}),
    tracked: (t) => o.core.messageSent(t),
  });
  const admins = new AdminCache({ api: bot.api, ttlMs: o.adminCacheMs, logger });
  installHandlers(bot, {
    core: o.core,
    deliverer,
    admins,
    logger,
    messages: o.messages,
    busyScheduler: o.busyScheduler,
  });
  bot.catch((err) => {
    // Never the update or the payload: they hold what users typed, possibly a password.
    logger.error(
      { updateId: err.ctx.update.update_id, err: errorSummary(err.error) },
      'telegram: update failed',
    );
  });

  let started = false;
  let stopping = false;
  let webhookSet = false;
  let runner: RunnerHandle | undefined;
  const accepting = async () => started && !stopping && bot.isInited() && (await o.ready());

  const accept = (update: Update) => {
    bot.handleUpdate(update).catch((error: unknown) => {
      logger.error(
        { updateId: update.update_id, err: errorSummary(error) },
        'telegram: webhook update failed',
      );
    });
  };
  const webhook =
    o.mode === 'webhook' && o.webhook
      ? {
          handler: createWebhookHandler({ secret: o.webhook.secret, accept, accepting, logger }),
          path: o.webhook.path,
          maxBodyBytes: MAX_UPDATE_BYTES,
        }
      : undefined;

  /** Runs a set-up call; a refusal becomes a {@link TelegramSetupError} with Telegram's words. */
  async function setup<T>(method: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof GrammyError)
        throw new TelegramSetupError(error.method, error.error_code, error.description, { cause: error });
      if (error instanceof HttpError)
        throw new TelegramSetupError(method, undefined, `no answer from Telegram (${error.message})`, {
          cause: error,
        });
      throw error;
    }
  }

  async function registerMenus(): Promise<void> {
    // Generated from the core's command table, one menu per chat kind (issue 4, issue 5) and per
    // language (issue 14): English for everyone, German for users whose app is set to German.
    const scopes = [
      ['private', { type: 'all_private_chats' }],
      ['shared', { type: 'all_group_chats' }],
    ] as const;
    const languages = [
      ['en', undefined],
      ['de', 'de'],
    ] as const;
    for (const [kind, scope] of scopes) {
      for (const [language, code] of languages) {
        try {
          await bot.api.setMyCommands(o.core.menu(kind, language), {
            scope,
            ...(code ? { language_code: code } : {}),
          });
        } catch (error) {
          // A missing menu is cosmetic: commands still work when typed.
          logger.warn(
            { scope: scope.type, language, err: errorSummary(error) },
            'telegram: setMyCommands failed',
          );
        }
      }
    }
  }

  return {
    bot,
    notifier: createTelegramNotifier(deliverer),
    ...(webhook ? { webhook } : {}),
    receiving: () =>
      started && !stopping && (o.mode === 'webhook' ? webhookSet : runner?.isRunning() === true),

    async start() {
      if (started) return;
      // Not `bot.init()`: it retries getMe forever on network errors, and a start must end.
      if (!bot.isInited()) bot.botInfo = await setup('getMe', () => bot.api.getMe());
      await registerMenus();
      // Secrets a previous run promised to delete (issue 16): overdue ones go at once.
      const resumed = await deliverer.resumeDeletions();
      if (resumed > 0) logger.info({ resumed }, 'telegram: pending secret deletions resumed');
      if (o.mode === 'webhook' && o.webhook) {
        // The composition root serves the handler already; updates are taken from here on.
        started = true;
        await setup('setWebhook', () =>
          bot.api.setWebhook(o.webhook!.url, {
            secret_token: o.webhook!.secret,
            allowed_updates: [...ALLOWED_UPDATES],
          }),
        );
        webhookSet = true;
      } else {
        // getUpdates fails with 409 while a webhook is set; pending updates are kept.
        await setup('deleteWebhook', () => bot.api.deleteWebhook({ drop_pending_updates: false }));
        runner = run(bot, {
          runner: {
            fetch: { timeout: o.pollingTimeoutSeconds, allowed_updates: [...ALLOWED_UPDATES] },
            silent: true,
            retryInterval: 'quadratic',
          },
          sink: { concurrency: o.concurrency },
        });
        started = true;
        runner.task()?.catch((error: unknown) => {
          logger.error({ err: errorSummary(error) }, 'telegram: polling stopped');
        });
      }
      logger.info({ mode: o.mode, bot: bot.botInfo.username }, 'telegram: channel started');
    },

    async stop() {
      if (!started || stopping) return;
      stopping = true;
      // Stop taking updates first (the webhook answers 503 from now on, so Telegram redelivers
      // elsewhere), then let the ones in flight finish, within a bound (issue 7).
      // The runner's stop() ends polling; the updates it handed out are awaited through `inFlight`.
      await runner?.stop();
      const finished = await inFlight.drain(o.drainTimeoutMs);
      if (!finished)
        logger.warn({ inFlight: inFlight.size }, 'telegram: stopped with updates still in flight');
      started = false;
      stopping = false;
      logger.info({ mode: o.mode }, 'telegram: channel stopped');
    },
  };
}
