import { describe, expect, it } from 'vitest';
import { type BannerFacts, bannerLines } from '../../src/bots/banner.js';

/**
 * The start banner (docs/operations.md §1.5): in the console's language, with the demo's top-up
 * PINs and how to reset the demo, and it never asks for TELEPHONY_BASE_URL when that is set.
 */
const pins = [
  { pin: '1000000001', value: 100_000, currency: 'EUR', kind: 'cash' as const },
  { pin: '1000000002', value: 200_000, currency: 'EUR', kind: 'calling' as const, usedBy: 'demo' },
  { pin: '1000000005', value: 25_000, currency: 'EUR', kind: 'calling' as const },
  { pin: '3000000001', value: 150_000, currency: 'EUR', kind: 'cash' as const, forUser: 'callshop' },
];
const demo: BannerFacts = {
  provider: 'http://127.0.0.1:8042',
  sandbox: { adminUrl: 'http://127.0.0.1:8043', pins },
  store: 'SQLite in data/telephony-bot.sqlite',
  channels: ['console'],
  chatTokens: false,
  logFile: 'data/telephony-bot.log',
};

describe('the start banner', () => {
  it("shows the demo's unused top-up PINs and how to reset the demo", () => {
    const text = bannerLines(demo).join('\n');
    expect(text).toContain('demo:     top-up PINs 1000000001 (€10.00), 1000000005 (€2.50)');
    expect(text).not.toContain('1000000002');
    expect(text).not.toContain('3000000001');
    expect(text).toContain('npm run demo:reset');
  });

  it('says German under a German LANG', () => {
    const text = bannerLines({ ...demo, lang: 'de_DE.UTF-8' }).join('\n');
    expect(text).toContain('telephony-bot läuft.');
    expect(text.replace(/\u00a0/g, ' ')).toContain('Auflade-PINs 1000000001 (10,00 €), 1000000005 (2,50 €)');
    expect(text).not.toContain('is running');
    expect(text).not.toContain('Switch channels');
  });

  it('with TELEPHONY_BASE_URL set, does not ask for it', () => {
    const { sandbox: _none, ...real } = demo;
    const text = bannerLines({ ...real, provider: 'https://api.example.com' }).join('\n');
    expect(text).toContain('provider: https://api.example.com');
    expect(text).not.toContain('TELEPHONY_BASE_URL');
    expect(text).not.toContain('PINs');
    expect(bannerLines(demo).join('\n')).toContain('TELEPHONY_BASE_URL');
  });
});
