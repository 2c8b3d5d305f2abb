import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RunnerHandle, run, sequentialize } from '@grammyjs/runner';
import { Bot, type Context } from 'grammy';
import type { Update } from 'grammy/types';
import { AdminCache } from './admin-cache.js';
import { createSendRetry } from './api-retry.js';
import { dedupeUpdates } from './dedupe.js';
import { Deliverer, describe } from './deliver.js';
import { installHandlers } from './handlers.js';
import { createHttpHandler, type HttpHandler } from './http-server.js';
import { InFlight } from './in-flight.js';
import { resolveTelegramOptions, type TelegramChannelOptions } from './options.js';

export { escapeHtml } from './escape.js';
export { WEBHOOK_PATH } from './http-server.js';
export { type TelegramMessages, telegramMessagesEn } from './messages.js';
export type { TelegramChannelOptions, TelegramLogger, TelegramWebhookOptions } from './options.js';
export { deepLink, type RenderedReply, renderReply, replyHtml } from './render-html.js';
export { splitHtml, TELEGRAM_MESSAGE_LIMIT } from './split-html.js';

export interface TelegramChannel {
  readonly bot: Bot;
  /** Initialises the bot (getMe), registers the command menus, then polls or serves the webhook. */
  start(): Promise<void>;
  /** Stops taking updates and waits (bounded by `drainTimeoutMs`) for the ones in flight (issue 7). */
  stop(): Promise<void>;
  /**
   * Webhook mode: the node:http handler for `/telegram/webhook`, `/healthz` and `/readyz`. `start()`
   * serves it on `webhook.port`; it is exposed so a composition root can mount it elsewhere.
   */
  readonly webhookHandler?: HttpHandler;
  /** The address of the channel's own HTTP server (webhook or health) once started. */
  address(): AddressInfo | undefined;
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
    createSendRetry({ maxDelaySeconds: o.maxRetryDelaySeconds, maxRetryAttempts: o.maxRetryAttempts }),
  );
  // The runner prints `getUpdates` errors with their cause, whose message can hold the request URL
  // and so the token; it runs silent and failures are logged here without it.
  bot.api.config.use(async (prev, method, payload, signal) => {
    try {
      return await prev(method, payload, signal);
    } catch (error) {
      if (method === 'getUpdates' && !signal?.aborted)
        logger.warn({ err: describe(error) }, 'telegram: getUpdates failed');
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
    ...(o.settings ? { settings: o.settings } : {}),
  });
  const admins = new AdminCache({ api: bot.api, ttlMs: o.adminCacheMs, logger });
  installHandlers(bot, { core: o.core, deliverer, admins, logger, messages: o.messages });
  bot.catch((err) => {
    // Never the update or the payload: they hold what users typed, possibly a password.
    logger.error({ updateId: err.ctx.update.update_id, err: describe(err.error) }, 'telegram: update failed');
  });

  let started = false;
  let stopping = false;
  let runner: RunnerHandle | undefined;
  let server: Server | undefined;
  const ready = async () => started && !stopping && bot.isInited() && (await o.ready());

  const accept = (update: Update) => {
    bot.handleUpdate(update).catch((error: unknown) => {
      logger.error({ updateId: update.update_id, err: describe(error) }, 'telegram: webhook update failed');
    });
  };
  const webhookHandler =
    o.mode === 'webhook' && o.webhook
      ? createHttpHandler({ webhook: { secret: o.webhook.secret, accept }, ready, logger })
      : undefined;

  async function listen(handler: HttpHandler, port: number, host: string): Promise<void> {
    server = createServer(handler);
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, host, () => resolve());
    });
  }

  async function registerMenus(): Promise<void> {
    // Generated from the core's command table, one menu per chat kind (issue 4, issue 5).
    const scopes = [
      ['private', { type: 'all_private_chats' }],
      ['shared', { type: 'all_group_chats' }],
    ] as const;
    for (const [kind, scope] of scopes) {
      try {
        await bot.api.setMyCommands(o.core.menu(kind), { scope });
      } catch (error) {
        // A missing menu is cosmetic: commands still work when typed.
        logger.warn({ scope: scope.type, err: describe(error) }, 'telegram: setMyCommands failed');
      }
    }
  }

  return {
    bot,
    ...(webhookHandler ? { webhookHandler } : {}),
    address: () => (server?.address() as AddressInfo | null) ?? undefined,

    async start() {
      if (started) return;
      await bot.init();
      await registerMenus();
      if (o.mode === 'webhook' && o.webhook && webhookHandler) {
        await listen(webhookHandler, o.webhook.port, o.webhook.host ?? '0.0.0.0');
        started = true;
        // Only once the server listens may Telegram be told to post to it.
        await bot.api.setWebhook(o.webhook.url, {
          secret_token: o.webhook.secret,
          allowed_updates: [...ALLOWED_UPDATES],
        });
      } else {
        if (o.health) {
          await listen(createHttpHandler({ ready, logger }), o.health.port, o.health.host ?? '0.0.0.0');
        }
        // getUpdates fails with 409 while a webhook is set; pending updates are kept.
        await bot.api.deleteWebhook({ drop_pending_updates: false });
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
          logger.error({ err: describe(error) }, 'telegram: polling stopped');
        });
      }
      logger.info({ mode: o.mode, bot: bot.botInfo.username }, 'telegram: channel started');
    },

    async stop() {
      if (!started || stopping) return;
      stopping = true;
      // Stop taking updates first, then let the ones in flight finish, within a bound (issue 7).
      const closing = server
        ? new Promise<void>((resolve) => server!.close(() => resolve()))
        : Promise.resolve();
      server?.closeIdleConnections();
      // The runner's stop() ends polling; the updates it handed out are awaited through `inFlight`.
      await runner?.stop();
      const finished = await inFlight.drain(o.drainTimeoutMs);
      if (!finished)
        logger.warn({ inFlight: inFlight.size }, 'telegram: stopped with updates still in flight');
      server?.closeAllConnections();
      await closing;
      started = false;
      stopping = false;
      logger.info({ mode: o.mode }, 'telegram: channel stopped');
    },
  };
}
