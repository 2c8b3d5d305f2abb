import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { createTelephonyClient, type TelephonyClientWithMethods } from '../../src/telephony/client.js';
import { startSandbox } from './helpers.js';

/**
 * The client runs every operation against the sandbox over real HTTP; every response must parse
 * with the client's schemas (a shape mismatch would throw ResponseShapeError).
 */
async function setup(user = 'demo'): Promise<{ sb: Sandbox; client: TelephonyClientWithMethods }> {
  const sb = await startSandbox();
  const client = createTelephonyClient({
    baseUrl: sb.url,
    cardUrl: sb.cardUrl,
    credentials: { username: user, password: user },
    cardCredentials: { username: 'cards', password: 'cards' },
    cardRealm: 'default',
    retry: { maxRetries: 0 },
  });
  return { sb, client };
}

describe('client ↔ sandbox contract: every operation', () => {
  it('reads: onlinecallthrough, account, numberCheck, rates, cdrs, voiplist', async () => {
    const { client } = await setup();
    try {
      const dial = await client.onlinecallthrough({});
      expect(dial.dialinGeo.DE).toBe('4930120012345');
      expect(dial.callbackFree).toEqual({});
      expect(dial.aNumber).toBeNull();
      expect(dial.account.balance).toEqual({ minor: 1840, scale: 2, currency: 'EUR' });

      const accounts = await client.account({});
      expect(accounts).toHaveLength(1);
      expect(accounts[0]?.balance.minor).toBe(1840);

      const check = await client.numberCheck({ number: '+49 30 1234567' });
      expect(check).toEqual({
        completeNumber: '49301234567',
        prefix: '4930',
        number: '1234567',
        name: 'Germany Berlin',
      });

      const rates = await client.rates({ numbers: ['+4930123456', '+447700900123'] });
      expect(rates.currency).toBe('EUR');
      expect(rates.rates.map((r) => r.destination)).toEqual(['Germany Berlin', 'United Kingdom Mobile']);
      expect(rates.rates[0]?.price).toEqual({ minor: 150, scale: 4, currency: 'EUR' });

      const cdrs = await client.cdrs({ from: '2026-11-01', to: '2026-11-30', show: 10 });
      expect(cdrs.records).toHaveLength(4);
      expect(cdrs.records[0]?.destination).toBe('France Fixed');
      expect(cdrs.account?.username).toBe('demo');
      const none = await client.cdrs({ from: '2020-01-01', to: '2020-01-31' });
      expect(none.records).toEqual([]);

      const voip = await client.voiplist({});
      expect(voip.lines.map((l) => l.id)).toEqual(['sip_1', 'sip_2']);
      expect(voip.lines[0]?.password.reveal()).toBe('sip-demo-1');
      expect(voip.lines[0]?.port).toBe(5060);
    } finally {
      await client.close();
    }
  });

  it('cdrCallshop, with records and empty', async () => {
    const { client } = await setup('callshop');
    try {
      const list = await client.cdrCallshop({ from: '2026-11-01', to: '2026-11-30', show: 10 });
      expect(list).toHaveLength(2);
      expect(list[0]?.billedSeconds).toBe(120);
      expect(await client.cdrCallshop({ from: '2020-01-01', to: '2020-01-02' })).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('writes: store, topup (1200, 1201), trycallback, stopcallback (1001 after)', async () => {
    const { sb, client } = await setup();
    try {
      const stored = await client.store({ aNumber: '+49 170 1234567', bNumber: '+44 1632 960000' });
      expect(stored.aNumber).toBe('491701234567');
      expect(sb.state.account('demo')?.target).toEqual({ anumber: '491701234567', bnumber: '441632960000' });

      const topped = await client.topup({ pin: '1000000002' });
      expect(topped.account?.balance).toEqual({ minor: 3840, scale: 2, currency: 'EUR' });
      await expect(client.topup({ pin: '1000000002' })).rejects.toMatchObject({
        code: 'TEL_INVALID_PIN',
        providerCode: 1200,
      });

      const call = await client.trycallback({ aNumber: '+49 170 1234567', bNumber: '+49 30 1234567' });
      expect(call.callId).toMatch(/^[0-9a-f-]{36}$/);
      expect(call.destinationNumber).toBe('49301234567');
      const stopped = await client.stopcallback({ callId: call.callId });
      expect(stopped.account?.username).toBe('demo');
      await expect(client.stopcallback({ callId: call.callId })).rejects.toMatchObject({
        code: 'TEL_NOT_FOUND',
        providerCode: 1001,
      });
    } finally {
      await client.close();
    }
    const { client: noCard } = await setup('nocard');
    try {
      await expect(noCard.topup({ pin: '1000000003' })).rejects.toMatchObject({
        code: 'TEL_NO_CALLING_CARD',
        providerCode: 1201,
      });
    } finally {
      await noCard.close();
    }
  });

  it('cards: every transition of spec 3.1 and the refusals of D7', async () => {
    const { sb, client } = await setup();
    try {
      const cli = '+49 176 55501234';
      const created = await client.insert({ cli, customer: 'Contract Test', amount: '7.50' });
      expect(created.state).toBe('active');
      expect(created.cli).toBe('4917655501234');
      expect(created.amount).toEqual({ minor: 750, scale: 2, currency: 'EUR' });
      expect(created.serial).toMatch(/^\d{12}$/);
      const pin = created.pin.reveal();
      expect(pin).toMatch(/^\d{8}$/);
      await expect(client.insert({ cli })).rejects.toMatchObject({
        code: 'TEL_FORBIDDEN',
        providerCode: 403,
      });

      expect((await client.show({ cli })).state).toBe('active');
      expect((await client.blockcard({ cli })).state).toBe('blocked');
      await expect(client.blockcard({ cli })).rejects.toMatchObject({ providerCode: 403 });
      await expect(client.disableCliByNumber({ cli })).rejects.toMatchObject({ providerCode: 403 });
      expect((await client.unblockcard({ cli })).state).toBe('active');
      await expect(client.unblockcard({ cli })).rejects.toMatchObject({ providerCode: 403 });
      expect((await client.disableCliByNumber({ cli })).state).toBe('disabled');
      await expect(client.blockcard({ cli })).rejects.toMatchObject({ providerCode: 403 });
      await expect(client.unblockcard({ cli })).rejects.toMatchObject({ providerCode: 403 });
      expect(sb.state.card('4917655501234')?.state).toBe('disabled');

      await expect(client.activateMyCard({ cli, pin: '00000000' })).rejects.toMatchObject({
        code: 'TEL_INVALID_PIN',
        providerCode: 1200,
      });
      expect((await client.activateMyCard({ cli, pin })).state).toBe('active');

      // any → active with the new CLI, from blocked and from disabled
      await client.blockcard({ cli });
      const renumbered = await client.changeCliByNumber({ cli, newCli: '+49 176 55509999' });
      expect(renumbered).toMatchObject({ cli: '4917655509999', state: 'active' });
      await client.disableCliByNumber({ cli: '+49 176 55509999' });
      const back = await client.changeCliByNumber({ cli: '+49 176 55509999', newCli: cli });
      expect(back).toMatchObject({ cli: '4917655501234', state: 'active' });
      await expect(client.changeCliByNumber({ cli, newCli: '+49 170 12345678' })).rejects.toMatchObject({
        providerCode: 403,
      });
      await expect(client.show({ cli: '+49 176 55509999' })).rejects.toMatchObject({
        code: 'TEL_NOT_FOUND',
        providerCode: 1001,
      });
      // seeded cards: blocked → active by activateMyCard
      expect((await client.activateMyCard({ cli: '+49 151 12345678', pin: '23456789' })).state).toBe(
        'active',
      );
    } finally {
      await client.close();
    }
  });

  it('the card module refuses an ordinary account (403 → TEL_FORBIDDEN)', async () => {
    const sb = await startSandbox();
    const client = createTelephonyClient({
      baseUrl: sb.url,
      cardCredentials: { username: 'demo', password: 'demo' },
    });
    try {
      await expect(client.show({ cli: '+49 170 12345678' })).rejects.toMatchObject({ code: 'TEL_FORBIDDEN' });
    } finally {
      await client.close();
    }
  });
});
