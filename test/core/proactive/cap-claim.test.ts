import { afterEach, describe, expect, it } from 'vitest';
import { textOf } from '../core-harness.js';
import { memoryBackend, openWorld, type RaceWorld } from './race-harness.js';

const CARD = '4917012345678';

/**
 * A card over its cap is blocked only once the block is claimed on the cap the sweep read
 * (docs/reliability.md §8.2): a change of the cap before the claim stops the block; one after it
 * cannot, and the person is told.
 */
describe('the card-cap block is claimed on the revision read', () => {
  let w: RaceWorld | undefined;
  afterEach(async () => {
    await w?.close();
    w = undefined;
  });
  const blocks = () => w!.stack.sandbox.stats().received['mycard-v2.blockcard'] ?? 0;

  async function overCap() {
    w = await openWorld(memoryBackend, '2026-11-23T09:00:00Z');
    expect(textOf(await w.say(`/card limit +${CARD} 2`))).toContain('Watching card');
    expect(w.stack.sandbox.setCardAmount(CARD, '1,00')).toBe(true);
    return w;
  }

  it('a cap raised before the claim stops the block', async () => {
    const world = await overCap();
    world.hooks.clients.afterRead(async () => {
      await world.say(`/card limit +${CARD} 1000`);
    });
    expect((await world.proactive.sweepCardCaps()).blocked).toBe(0);
    expect(world.hooks.clients.fired()).toBe(true);
    expect(blocks()).toBe(0);
    expect(world.stack.sandbox.state.card(CARD)!.state).toBe('active');
  });

  it('switched off after the claim: the block goes out once, and the person is told', async () => {
    const world = await overCap();
    let told = '';
    world.hooks.clients.beforeCall('blockcard', async () => {
      told = textOf(await world.say(`/card limit +${CARD} off`));
    });
    expect((await world.proactive.sweepCardCaps()).blocked).toBe(1);
    expect(world.hooks.clients.fired()).toBe(true);
    expect(told).toContain(`Card +${CARD} is no longer watched.`);
    expect(told).toContain('the card is being blocked, or was, by that cap');
    expect(blocks()).toBe(1);
    // The person's "off" stands: nothing watches the card any more, and nothing is blocked again.
    expect(textOf(await world.say(`/card limit +${CARD}`))).toContain('No cap is set');
    await world.proactive.sweepCardCaps();
    expect(blocks()).toBe(1);
  });

  it('two sweeps at once (two instances): one claim, one block', async () => {
    const world = await overCap();
    const [a, b] = await Promise.all([
      world.proactive.sweepCardCaps(),
      world.stack.proactive.sweepCardCaps(),
    ]);
    expect(a.blocked + b.blocked).toBe(1);
    expect(blocks()).toBe(1);
  });
});
