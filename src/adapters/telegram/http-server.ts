import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Update } from 'grammy/types';
import { createSampler, errorSummary } from '../../core/index.js';
import type { TelegramLogger } from './options.js';

/** The local path the webhook is served on when the URL's own path is not used (docs/operations.md §2.1). */
export const WEBHOOK_PATH = '/telegram/webhook';

/**
 * Telegram's updates are small (a message is at most 4096 characters); anything this large is not
 * an update. The bot's HTTP server refuses a larger `Content-Length` with 413 before this handler
 * runs; this bound also covers a body that is longer than it announced.
 */
export const MAX_UPDATE_BYTES = 256 * 1024;

export interface WebhookHandlerOptions {
  /** Checked in constant time against `X-Telegram-Bot-Api-Secret-Token`. */
  secret: string;
  /** Starts processing an update; must not be awaited before answering Telegram. */
  accept(update: Update): void;
  /** Whether updates are taken now: false before start and while stopping (503, Telegram redelivers). */
  accepting(): boolean | Promise<boolean>;
  /**
   * This update must wait (admission control: the instance's backlog is full, or its sender already
   * has updates waiting): 503, and Telegram delivers it again later (Bot API `setWebhook`: a failed
   * request is repeated).
   */
  busy?(update: Update): boolean;
  logger: TelegramLogger;
}

export type HttpHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * `POST <webhook path>` as a node:http handler, mounted by the composition root on the bot's one
 * HTTP server (which also serves `/healthz` and `/readyz`). It answers 200 as soon as the update is
 * read and accepted, and does the provider work afterwards (docs/reliability.md §2.3); a
 * slow provider would otherwise make Telegram time out and redeliver.
 */
export function createWebhookHandler(options: WebhookHandlerOptions): HttpHandler {
  const expected = digest(options.secret);
  // A backlog turns many updates away at once: one line a minute, counting the rest.
  const turnedAway = createSampler({ windowMs: 60_000 });
  return (req, res) => {
    if (req.method !== 'POST') return reply(res, 405, { error: 'method not allowed' });
    const header = req.headers['x-telegram-bot-api-secret-token'];
    if (typeof header !== 'string' || !timingSafeEqual(digest(header), expected)) {
      // Drain nothing: the sender is not Telegram.
      req.resume();
      return reply(res, 401, { error: 'unauthorized' });
    }
    readJson(req).then(
      async (update) => {
        if (!isUpdate(update)) return reply(res, 400, { error: 'not an update' });
        // Not ready yet (or stopping): 503 makes Telegram deliver the update again later.
        const accepting = await Promise.resolve(options.accepting()).catch(() => false);
        if (!accepting) return reply(res, 503, { error: 'not ready' });
        if (options.busy?.(update)) {
          const sampled = turnedAway.take('busy');
          if (sampled)
            options.logger.warn(
              { skipped: sampled.skipped },
              'telegram: backlog full, updates answered 503 (Telegram delivers them again)',
            );
          res.setHeader('retry-after', '1');
          return reply(res, 503, { error: 'busy' });
        }
        reply(res, 200, {});
        options.accept(update);
      },
      (error: Error) => {
        // Never the message: a JSON parse error quotes the body, which is what a user typed.
        options.logger.warn({ err: errorSummary(error) }, 'telegram: unreadable webhook request');
        reply(res, error instanceof BodyTooLargeError ? 413 : 400, { error: 'bad request' });
      },
    );
  };
}

/**
 * Hashing both sides gives equal-length buffers, which `timingSafeEqual` needs, without leaking the
 * secret's length through an early return.
 */
function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_UPDATE_BYTES) {
        reject(new BodyTooLargeError('request body too large'));
        req.pause();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new Error('request body is not JSON'));
      }
    });
    req.on('error', reject);
  });
}

function isUpdate(value: unknown): value is Update {
  return (
    typeof value === 'object' &&
    value !== null &&
    Number.isSafeInteger((value as { update_id?: unknown }).update_id)
  );
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  res.writeHead(status, {
    'content-type': 'application/json',
    ...(status === 413 ? { connection: 'close' } : {}),
  });
  res.end(JSON.stringify(body));
}
