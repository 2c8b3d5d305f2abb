import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Update } from 'grammy/types';
import type { TelegramLogger } from './options.js';

/** The path Telegram posts updates to (issue 5). */
export const WEBHOOK_PATH = '/telegram/webhook';

/** Telegram's updates are small; anything this large is not from Telegram. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface HttpHandlerOptions {
  /** Absent in polling mode: only the health endpoints are served. */
  webhook?: {
    secret: string;
    /** Starts processing an update; must not be awaited before answering Telegram. */
    accept(update: Update): void;
  };
  /** `/readyz`: bot initialised and core ready. */
  ready(): Promise<boolean>;
  logger: TelegramLogger;
}

export type HttpHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * `POST /telegram/webhook`, `GET /healthz` (the process is alive) and `GET /readyz` (it can take
 * updates), as one node:http handler. The webhook answers 200 as soon as the update is read and
 * accepted, and does the provider work afterwards (issue 5, "answers Telegram fast"); a slow
 * provider would otherwise make Telegram time out and redeliver.
 */
export function createHttpHandler(options: HttpHandlerOptions): HttpHandler {
  const expected = options.webhook ? digest(options.webhook.secret) : undefined;
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/healthz' && req.method === 'GET') return reply(res, 200, { status: 'ok' });
    if (path === '/readyz' && req.method === 'GET') {
      options.ready().then(
        (ready) => reply(res, ready ? 200 : 503, { status: ready ? 'ready' : 'not ready' }),
        () => reply(res, 503, { status: 'not ready' }),
      );
      return;
    }
    if (path !== WEBHOOK_PATH || !options.webhook || !expected)
      return reply(res, 404, { error: 'not found' });
    if (req.method !== 'POST') return reply(res, 405, { error: 'method not allowed' });
    const header = req.headers['x-telegram-bot-api-secret-token'];
    if (typeof header !== 'string' || !timingSafeEqual(digest(header), expected)) {
      // Drain nothing: the sender is not Telegram.
      req.resume();
      return reply(res, 401, { error: 'unauthorized' });
    }
    const accept = options.webhook.accept;
    readJson(req).then(
      (update) => {
        if (!isUpdate(update)) return reply(res, 400, { error: 'not an update' });
        options.ready().then(
          (ready) => {
            // Not ready yet (or stopping): 503 makes Telegram deliver the update again later.
            if (!ready) return reply(res, 503, { error: 'not ready' });
            reply(res, 200, {});
            accept(update);
          },
          () => reply(res, 503, { error: 'not ready' }),
        );
      },
      (error: Error) => {
        options.logger.warn({ err: error.message }, 'telegram: unreadable webhook request');
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
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLargeError('request body too large'));
        req.destroy();
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
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
