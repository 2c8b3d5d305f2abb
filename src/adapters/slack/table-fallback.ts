import { errorSummary, type Reply } from '../../core/index.js';
import type { SlackLogger } from './options.js';
import { type RenderedMessage, renderReply } from './render-blocks.js';

/**
 * Sends `reply` rendered with Slack's `table` block; when Slack refuses the blocks
 * (`invalid_blocks`: a client or workspace without the block, a limit it counts differently), the
 * same reply goes again with the table as a code block, the form Slack has always taken. The
 * reader gets every row either way; only the look differs.
 */
export async function withTableFallback<T>(
  reply: Reply,
  logger: SlackLogger | undefined,
  send: (message: RenderedMessage) => Promise<T>,
): Promise<T> {
  const message = renderReply(reply);
  if (!message.nativeTable) return send(message);
  try {
    return await send(message);
  } catch (err) {
    if (errorSummary(err).description !== 'invalid_blocks') throw err;
    logger?.warn({ err: errorSummary(err) }, 'Slack refused the table block; sending the text form');
    return send(renderReply(reply, { nativeTable: false }));
  }
}
