import { beforeEach, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/core/messages.js';
import { type ChannelDriver, type DriverFactory, eachDriver } from './driver.js';

/**
 * The one road in (docs/architecture.md §3.1), on every channel: a redelivered request runs once, a
 * store outage is told, a busy provider is answered as the channel does it, and an internal
 * failure gets the failure words. Each channel hands its requests to the core's door, so these
 * hold for a channel that writes no intake of its own.
 */

const { en } = catalogues;

/** The store fails as a shared store that cannot be reached does (src/store, `ERR_STORE_UNAVAILABLE`). */
const unreachable = () => Object.assign(new Error('store down'), { code: 'ERR_STORE_UNAVAILABLE' });

const balanceLines = (d: ChannelDriver) => d.messages('alice').filter((m) => /Balance/.test(m)).length;

export function intakeContract(name: string, start: DriverFactory): void {
  describe(`one road in: ${name}`, () => {
    const driver = eachDriver(start);
    let d: ChannelDriver;
    beforeEach(() => {
      d = driver();
    });

    it('a request the platform delivers again runs once', async (ctx) => {
      if (!d.redeliver) return ctx.skip();
      await d.say('alice', 'private', d.command('balance'));
      const answered = balanceLines(d);
      expect(answered).toBeGreaterThan(0);
      await d.redeliver('alice');
      expect(balanceLines(d)).toBe(answered);
    });

    it('while the store cannot be reached, the person is told and nothing runs', async () => {
      const { dedupe, rateLimit, credentials } = d.stack.stores;
      dedupe.claim = async () => {
        throw unreachable();
      };
      rateLimit.hit = async () => {
        throw unreachable();
      };
      // A channel that claims nothing (the console) meets the outage in the core's first read.
      credentials.get = async () => {
        throw unreachable();
      };
      await d.say('alice', 'private', d.command('balance'));
      const said = d.messages('alice').join('\n');
      expect(said).toContain(en.storeUnavailable.slice(0, 30));
      expect(balanceLines(d)).toBe(0);
    });

    it('a busy provider is answered as the channel does it', async () => {
      d.stack.core.busy = () => true;
      if (d.busy === 'redelivered') {
        if (!d.deliver || !d.redeliver)
          throw new Error(`${name} redelivers busy requests: give its driver deliver()`);
        // Turned away at the platform's door without a word (Telegram's webhook: 503), so the
        // platform delivers it again; once the provider has room, that delivery is answered.
        expect(await d.deliver('alice', 'private', d.command('balance'))).toBe(503);
        expect(d.messages('alice')).toEqual([]);
        d.stack.core.busy = () => false;
        await d.redeliver('alice');
        expect(balanceLines(d)).toBeGreaterThan(0);
        return;
      }
      await d.say('alice', 'private', d.command('balance'));
      const said = d.messages('alice').join('\n');
      if (d.busy === 'words') {
        expect(said).toContain(en.busyTryAgain.slice(0, 30));
        expect(balanceLines(d)).toBe(0);
      } else {
        // Taken in its turn: the core's own admission decides, and the request is answered.
        expect(said).not.toContain(en.busyTryAgain.slice(0, 30));
        expect(balanceLines(d)).toBeGreaterThan(0);
      }
    });

    it('an internal failure gets the failure words', async () => {
      d.stack.stores.settings.user = async () => {
        throw new Error('disk on fire');
      };
      await d.say('alice', 'private', d.command('balance'));
      const said = d.messages('alice').join('\n');
      expect(said).toMatch(/Something went wrong on my side/);
      expect(said).not.toContain('disk on fire');
    });
  });
}
