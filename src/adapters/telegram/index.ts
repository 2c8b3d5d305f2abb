import { type RunnerHandle, run, sequentialize } from '@grammyjs/runner';
import { Bot, type Context } from 'grammy';
import type { Update } from 'grammy/types';
import { type Channel, type Door, errorSummary, InFlight } from '../../core/index.js';
import { AdminCache } from './admin-cache.js';
import { apiErrorCounter } from './api-errors.js';
import { createSendRetry, createSetupRetry } from './api-retry.js';
import { createWebhookBacklog } from './backlog.js';
import { Deliverer } from './deliver.js';
import { EphemeralCapability } from './ephemeral-capability.js';
import { HANDLED_UPDATES, installHandlers } from './handlers.js';
import { createWebhookHandler, type HttpHandler, MAX_UPDATE_BYTES } from './http-server.js';
import { createTelegramNotifier } from './notifier.js';
import {
  type ResolvedTelegramOptions,
  resolveTelegramOptions,
  type TelegramChannelOptions,
} from './options.js';
import { DRAFT_STOP, type DraftStops, installDraftStops } from './progress.js';
import { registerMenus, setupCall } from './setup.js';
import { telegramClient } from './transport.js';

export { type Scheduler, timerScheduler } from './deliver.js';
export type { EphemeralMode } from './ephemeral-capability.js';
export { escapeHtml } from './escape.js';
export { MAX_UPDATE_BYTES, WEBHOOK_PATH } from './http-server.js';
export { type TelegramMessages, telegramMessages } from './messages.js';
export type { TelegramChannelOptions, TelegramLogger, TelegramWebhookOptions } from './options.js';
export { deepLink, type RenderedReply, renderReply, replyHtml } from './render-html.js';
export { TelegramSetupError } from './setup.js';
export { splitHtml, TELEGRAM_MESSAGE_LIMIT } from './split-html.js';

export interface TelegramChannel {
  readonly bot: Bot;
  /** The core's outbound port on Telegram (alerts, call reports, digests). */
  readonly notifier: Channel;
  /**
   * Initialises the bot (getMe), registers the command menus, then polls or registers the webhook.
   * Set-up calls Telegram answers with "later" (429, 5xx, no answer) are retried; any other refusal
   * rejects with a {@link TelegramSetupError} carrying Telegram's description.
   */
  start(): Promise<void>;
  /** Stops taking updates and waits (bounded by `drainTimeoutMs`) for the ones in flight (docs/reliability.md §6.1). */
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

/** Update types the bot asks Telegram for: messages, their edits, channel posts, presses, guest queries, a draft's stop. */
const ALLOWED_UPDATES = [...HANDLED_UPDATES, DRAFT_STOP] as const;

/**
 * The Telegram channel (docs/interface.md §4.1): grammY with @grammyjs/runner for long polling, or a webhook.
 * The bot, its middleware and its handlers are built here; `start` initialises it and begins
 * taking updates, `stop` ends that and waits for the updates in flight.
 */
export function createTelegramChannel(options: TelegramChannelOptions): TelegramChannel {
  const o = resolveTelegramOptions(options);
  const logger = o.logger;
  const bot = createBot(o);
  const inFlight = new InFlight();
  const draftStops = installPipeline(bot, inFlight);
  // The one road in: each update is claimed once, decided and delivered by the core.
  const door = o.core.register({ name: 'telegram', logger, dedupe: o.dedupe, dedupeTtlMs: o.dedupeTtlMs });
  const deliverer = installHandlersWithDeliverer(bot, o, door, draftStops);
  bot.catch((err) => {
    // Never the update or the payload: they hold what users typed, possibly a password.
    logger.error(
      { updateId: err.ctx.update.update_id, err: errorSummary(err.error) },
      'telegram: update failed',
    );
  });
  const life: Lifecycle = { started: false, stopping: false, webhookSet: false, runner: undefined };
  const webhook = webhookOf(bot, o, life, door);
  return {
    bot,
    notifier: createTelegramNotifier(deliverer),
    ...(webhook ? { webhook } : {}),
    receiving: () =>
      life.started &&
      !life.stopping &&
      (o.mode === 'webhook' ? life.webhookSet : life.runner?.isRunning() === true),
    async start() {
      if (life.started) return;
      await prepare(bot, o, deliverer);
      await takeUpdates(bot, o, life);
      logger.info({ mode: o.mode, bot: bot.botInfo.username }, 'telegram: channel started');
    },
    async stop() {
      if (!life.started || life.stopping) return;
      life.stopping = true;
      // Stop taking updates first (the webhook answers 503 from now on, so Telegram redelivers
      // elsewhere), then let the ones in flight finish, within a bound (docs/reliability.md §6.1).
      // The runner's stop() ends polling; the updates it handed out are awaited through `inFlight`.
      await life.runner?.stop();
      const finished = await inFlight.drain(o.drainTimeoutMs);
      if (!finished)
        logger.warn({ inFlight: inFlight.size }, 'telegram: stopped with updates still in flight');
      life.started = false;
      life.stopping = false;
      logger.info({ mode: o.mode }, 'telegram: channel stopped');
    },
  };
}

/** Whether the channel takes updates: started, not stopping, and (webhook) registered or (polling) running. */
interface Lifecycle {
  started: boolean;
  stopping: boolean;
  webhookSet: boolean;
  runner: RunnerHandle | undefined;
}

/** The grammY bot with its API layers: set-up retries, send retries, and a safe `getUpdates` log. */
function createBot(o: ResolvedTelegramOptions): Bot {
  const logger = o.logger;
  const bot = new Bot(o.token, {
    ...(o.botInfo ? { botInfo: o.botInfo } : {}),
    client: telegramClient(o.apiRoot),
  });
  // First, so it sits under the retries and counts every attempt (docs/operations.md §4.2).
  if (o.onApiError) bot.api.config.use(apiErrorCounter(o.onApiError));
  bot.api.config.use(
    createSetupRetry({
      ...o.setupRetry,
      onRetry: (info) => logger.warn(info, 'telegram: set-up call answered "later"; retrying'),
    }),
  );
  bot.api.config.use(
    createSendRetry({
      maxDelaySeconds: o.maxRetryDelaySeconds,
      maxRetryAttempts: o.maxRetryAttempts,
      sleep: o.setupRetry.sleep,
    }),
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
  return bot;
}

/**
 * The middleware before the handlers, in this order, and why:
 * 1. tracking: every update counts as in flight from its first middleware on, whether it came from
 *    the runner or the webhook: the runner's stop() does not wait for the updates it handed out.
 * 2. `sequentialize` by chat (presses not at all, `orderKey`): a slow provider stalls only its
 *    own chat's messages. Before the core's claim of the `update_id` (the door's first step), which is
 *    asynchronous: two updates of one chat could otherwise overtake each other while claiming.
 * The handlers come next: normalise, hand over to the core's door, render.
 */
function installPipeline(bot: Bot, inFlight: InFlight): DraftStops {
  bot.use((_ctx, next) => {
    const work = next();
    inFlight.track(work.catch(() => {}));
    return work;
  });
  // A draft's stop is for the job the chat's queue is busy with: it must not wait behind it.
  const stops = installDraftStops(bot);
  bot.use(sequentialize<Context>(orderKey));
  return stops;
}

/**
 * Messages of one chat run in order; presses run at once, in no order: a press behind a slow
 * command, or behind the chat's first press still running (a second tap on Confirm), would wait
 * for it and miss Telegram's answer deadline (docs/reliability.md §2.3: within 0.5 s). A press acts
 * on single-use state of its own (a pending action, a page) that the core takes once, and a
 * second press on a running one is told so by the core at once.
 */
function orderKey(ctx: Context): string | undefined {
  if (ctx.callbackQuery) return undefined;
  return (ctx.chat ?? ctx.from)?.id.toString();
}

/** The handlers (normalise, call the core, render) and the deliverer they answer through. */
function installHandlersWithDeliverer(bot: Bot, o: ResolvedTelegramOptions, door: Door, stops: DraftStops) {
  const logger = o.logger;
  const deliverer = new Deliverer({
    api: bot.api,
    botUsername: () => bot.botInfo.username,
    messages: o.messages,
    logger,
    scheduler: o.scheduler,
    ...(o.deletions ? { deletions: o.deletions } : {}),
    ephemeral: new EphemeralCapability(o.ephemeral),
    draftStops: stops,
  });
  const admins = new AdminCache({ api: bot.api, ttlMs: o.adminCacheMs, logger });
  installHandlers(bot, {
    door,
    deliverer,
    admins,
    logger,
    busyScheduler: o.busyScheduler,
    core: o.core,
    messages: o.messages,
    edits: o.edits,
  });
  return deliverer;
}

/** Webhook mode: the handler the composition root mounts; it accepts updates only while started. */
function webhookOf(bot: Bot, o: ResolvedTelegramOptions, life: Lifecycle, door: Door) {
  if (o.mode !== 'webhook' || !o.webhook) return undefined;
  const logger = o.logger;
  const accepting = async () => life.started && !life.stopping && bot.isInited() && (await o.ready());
  // Taken and not yet handled, in all and per sender (backlog.ts): a per-chat queue holds a heavy
  // chat's updates in memory meanwhile, so its excess is asked to come back later, first.
  const backlog = createWebhookBacklog({
    backlog: o.backlog,
    perSender: o.backlogPerSender,
    // The core's busy decision; the webhook's way with it is a silent 503, and Telegram redelivers.
    providerBusy: () => door.busyWords() !== undefined,
  });
  const accept = (update: Update) => {
    const leave = backlog.enter(update);
    bot
      .handleUpdate(update)
      .catch((error: unknown) => {
        logger.error(
          { updateId: update.update_id, err: errorSummary(error) },
          'telegram: webhook update failed',
        );
      })
      .finally(leave);
  };
  return {
    handler: createWebhookHandler({
      secret: o.webhook.secret,
      accept,
      accepting,
      busy: (update) => backlog.refuses(update),
      logger,
    }),
    path: o.webhook.path,
    maxBodyBytes: MAX_UPDATE_BYTES,
  };
}

/** Before updates are taken: who the bot is, its menus, and the secret deletions still owed. */
async function prepare(bot: Bot, o: ResolvedTelegramOptions, deliverer: Deliverer): Promise<void> {
  // Not `bot.init()`: it retries getMe forever on network errors, and a start must end.
  if (!bot.isInited()) bot.botInfo = await setupCall('getMe', () => bot.api.getMe());
  await deliverer.learnEphemeral(bot.botInfo.id);
  await registerMenus(bot, o.core, o.logger);
  // Secrets a previous run promised to delete (docs/privacy.md §2.3): overdue ones go at once.
  const resumed = await deliverer.resumeDeletions();
  if (resumed > 0) o.logger.info({ resumed }, 'telegram: pending secret deletions resumed');
}

/** Registers the webhook, or starts polling; `life.started` is set as soon as updates may arrive. */
async function takeUpdates(bot: Bot, o: ResolvedTelegramOptions, life: Lifecycle): Promise<void> {
  const webhook = o.mode === 'webhook' ? o.webhook : undefined;
  if (webhook) {
    // The composition root serves the handler already; updates are taken from here on.
    life.started = true;
    await setupCall('setWebhook', () =>
      bot.api.setWebhook(webhook.url, {
        secret_token: webhook.secret,
        allowed_updates: [...ALLOWED_UPDATES],
      }),
    );
    life.webhookSet = true;
    return;
  }
  // getUpdates fails with 409 while a webhook is set; pending updates are kept.
  await setupCall('deleteWebhook', () => bot.api.deleteWebhook({ drop_pending_updates: false }));
  life.runner = startPolling(bot, o);
  life.started = true;
}

/** Long polling through the runner, silent (failures are logged by createBot's layer, without the URL). */
function startPolling(bot: Bot, o: ResolvedTelegramOptions): RunnerHandle {
  const runner = run(bot, {
    runner: {
      fetch: { timeout: o.pollingTimeoutSeconds, allowed_updates: [...ALLOWED_UPDATES] },
      silent: true,
      retryInterval: 'quadratic',
    },
    sink: { concurrency: o.concurrency },
  });
  runner.task()?.catch((error: unknown) => {
    o.logger.error({ err: errorSummary(error) }, 'telegram: polling stopped');
  });
  return runner;
}
