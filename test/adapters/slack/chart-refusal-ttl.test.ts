import { describe, expect, it } from 'vitest';
import { CHARTS_REFUSED_FOR_MS, sentAsNativeChart } from '../../../src/adapters/slack/native-chart.js';
import type { Reply } from '../../../src/core/index.js';
import type { ChannelMemory } from '../../../src/core/ports/channel-memory.js';

/** A workspace's refusal of the chart block is remembered for a while, not forever (docs/channels.md §2.3). */
describe('the chart block refused', () => {
  it('is remembered with a lifetime, so a workspace that gains the block gets it again', async () => {
    const kept: { key: string; ttlMs: number | undefined }[] = [];
    const memory: ChannelMemory = {
      recall: async () => undefined,
      remember: async (key, _value, ttlMs) => void kept.push({ key, ttlMs }),
    };
    const reply: Reply = {
      text: 'Spend',
      file: { name: 'spend.png', mimeType: 'image/png', content: new Uint8Array([1]) },
      chart: {
        currency: 'EUR',
        scale: 2,
        charts: [{ kind: 'bar', title: 'Per day', points: [{ label: 'Nov 1', minor: 120 }] }],
      },
    };
    const refused = Object.assign(new Error('An API error occurred: invalid_blocks'), {
      data: { ok: false, error: 'invalid_blocks' },
    });
    const logger = {
      warn: () => undefined,
      error: () => undefined,
      info: () => undefined,
      debug: () => undefined,
    };
    const sent = await sentAsNativeChart(reply, 'T1', memory, logger as never, async () => {
      throw refused;
    });
    expect(sent).toBe(false);
    expect(kept).toHaveLength(1);
    expect(kept[0]?.ttlMs).toBe(CHARTS_REFUSED_FOR_MS);
  });
});
