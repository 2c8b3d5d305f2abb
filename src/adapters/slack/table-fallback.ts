import { errorSummary, type Reply, type ReplyForm, SendFailedError } from '../../core/index.js';
import { type RenderedMessage, renderReply } from './render-blocks.js';

/**
 * Sends `reply` in the form the core's road out asks for (docs/reliability.md §2.4): `rich`, with
 * Slack's `table` block; `plain`, the table as a code block, the form Slack has always taken. When
 * Slack refuses the table block (`invalid_blocks`: a client or workspace without the block, a limit
 * it counts differently) the send reports `refused`, and the core asks for the plain form: the
 * adapter decides no fallback itself. The reader gets every row either way; only the look differs.
 */
export async function inTableForm<T>(
  reply: Reply,
  form: ReplyForm | undefined,
  send: (message: RenderedMessage) => Promise<T>,
): Promise<T> {
  const message = renderReply(reply, form === 'plain' ? { nativeTable: false } : {});
  if (!message.nativeTable) return send(message);
  try {
    return await send(message);
  } catch (err) {
    if (errorSummary(err).description !== 'invalid_blocks') throw err;
    throw new SendFailedError('refused', 'invalid_blocks', { cause: err });
  }
}
