import { type ChannelMemory, errorSummary, RefusalMemory, type Reply } from '../../core/index.js';
import { chartBlocks } from './chart-blocks.js';
import type { SlackLogger } from './options.js';
import { type RenderedMessage, renderReply } from './render-blocks.js';

/** How long a workspace's refusal of the chart block is remembered. */
export const CHARTS_REFUSED_FOR_MS = 7 * 24 * 3600_000;

/** The workspaces that refused the chart block, by team id (docs/channels.md §2.4). */
export const chartRefusals = (memory: ChannelMemory) =>
  new RefusalMemory(memory, 'slack:charts-refused', CHARTS_REFUSED_FOR_MS);

/**
 * A reply with a chart (`/spend`) drawn by Slack itself: the caption and its `data_visualization`
 * blocks, without the PNG (docs/channels.md §2.3). `false` when it was not sent so: no chart, a
 * workspace remembered to refuse the block, or Slack refusing it now (`invalid_blocks`), which is
 * remembered in the store, so the next answer there goes as the PNG at once, after a restart too.
 * The caller then sends today's form; nothing is lost.
 */
export async function sentAsNativeChart(
  reply: Reply,
  team: string,
  memory: ChannelMemory,
  logger: SlackLogger,
  send: (message: RenderedMessage) => Promise<unknown>,
): Promise<boolean> {
  const refusals = chartRefusals(memory);
  if (!reply.chart || !reply.file || (await refusals.refused(team))) return false;
  const { file: _png, chart, ...body } = reply;
  const message = renderReply(body, { nativeTable: false });
  const blocks = [...message.blocks, ...chartBlocks(chart)] as RenderedMessage['blocks'];
  try {
    await send({ text: message.text, blocks });
    return true;
  } catch (err) {
    if (errorSummary(err).description !== 'invalid_blocks') throw err;
    logger.warn({ err: errorSummary(err), team }, 'Slack refused the chart block; sending the PNG');
    // For a week: a workspace that gains the block (Slack rolls surfaces out) gets it again.
    await refusals.remember(team);
    return false;
  }
}
