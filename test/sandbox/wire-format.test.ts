import { describe, expect, it } from 'vitest';
import { card, raw, startSandbox } from './helpers.js';

const OK = { code: 200, description: 'OK' };

describe('sandbox wire format (spec 2, 4, 7; provider-notes 1.4)', () => {
  it('account: body.accounts with a decimal-comma amount', async () => {
    const sb = await startSandbox();
    const res = await raw(sb, '/api/rest/v2/?account');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.json).toEqual({
      error: false,
      codes: [OK],
      body: {
        accounts: [
          {
            customername: 'Demo Customer',
            customernumber: '100001',
            accountnumber: '200001',
            amount: '18,40',
            accountname: 'Demo Prepaid',
          },
        ],
      },
    });
  });

  it('onlinecallthrough: maps, [] for an empty map, null A/B until stored, store keeps them', async () => {
    const sb = await startSandbox();
    const res = await raw(sb, '/api/rest/v2/?onlinecallthrough');
    const body = res.json.body;
    expect(body.dialinnumberGeo).toEqual({ de: '4930120012345', at: '4312001234', ch: '41441234567' });
    expect(body.callbacknumberFree).toEqual([]);
    expect(body.anumber).toBeNull();
    expect(body.bnumber).toBeNull();
    expect(body.customercurrency).toBe('eur');
    expect(body.customeraccountstate).toBe('18,40');
    expect(body.dialinnumber).toBe('4930120012300');

    const stored = await raw(sb, '/api/rest/v2/?onlinecallthrough', {
      form: { act: 'store', anumber: '4917012345678', bnumber: '441632960000' },
    });
    expect(stored.json.error).toBe(false);
    expect(stored.json.body.anumber).toBe('4917012345678');
    const again = await raw(sb, '/api/rest/v2/?onlinecallthrough');
    expect(again.json.body.bnumber).toBe('441632960000');
  });

  it('an account with nothing configured sends [] for every map', async () => {
    const sb = await startSandbox();
    const res = await raw(sb, '/api/rest/v2/?onlinecallthrough', { user: 'nocard' });
    for (const key of ['dialinnumberGeo', 'dialinnumberFree', 'callbacknumberGeo', 'callbacknumberFree']) {
      expect(res.json.body[key]).toEqual([]);
    }
    const voip = await raw(sb, '/api/rest/v2/?voiplist', { user: 'nocard' });
    expect(voip.json.body.voiplist).toEqual([]);
  });

  it('cdrs: table form, thead maps columns to themselves, decimal point, newest first, show limits', async () => {
    const sb = await startSandbox();
    const res = await raw(sb, '/api/rest/v2/?cdrs&from=01.11.2026&to=30.11.2026&show=3');
    const table = res.json.body.table;
    expect(Object.entries(table.thead).every(([k, v]) => k === v)).toBe(true);
    expect(Object.keys(table.thead)).toContain('amounttax');
    const td = table.tbody.tr.td;
    expect(td).toHaveLength(3);
    expect(td[0].datestart).toBe('2026-11-12 20:30:00');
    expect(td[2]).toEqual({
      datestart: '2026-11-05 18:02:10',
      dateend: '2026-11-05 18:02:57',
      time: '00:00:47',
      customername: 'Demo Customer',
      number: '4917055544433',
      destination: 'Germany Mobile',
      amount: '0.0890',
      amounttax: '0.1059',
      type: 'CALLTHROUGH',
    });
    expect(res.json.body.customeraccountstate).toBe('18,40');
    expect(typeof table.caption).toBe('string');
    expect(typeof table.tfoot).toBe('string');
  });

  it('cdrs: the whole body member is missing when no record exists (spec 4.9)', async () => {
    const sb = await startSandbox();
    const res = await raw(sb, '/api/rest/v2/?cdrs&from=01.01.2020&to=31.01.2020&show=10');
    expect(res.json).toEqual({ error: false, codes: [OK] });
    expect('body' in res.json).toBe(false);
  });

  it('cdr-callshop: entries with comma amounts and ms timestamps; body [] when empty', async () => {
    const sb = await startSandbox();
    const res = await raw(sb, '/api/rest/v2/?cdr-callshop&from=2026-11-01&to=2026-11-30&show=10', {
      user: 'callshop',
    });
    expect(res.json.body.cdrs).toEqual([
      {
        data: '2026-11-04 14:20:05.000',
        caller: '4930555000111',
        callee: '48221234567',
        duration: '61',
        billingduration: '120',
        comment: 'Poland Fixed',
        amount: '0,0540',
        amounttax: '0,0643',
      },
      {
        data: '2026-11-03 10:00:00.000',
        caller: '4930555000111',
        callee: '905321234567',
        duration: '300',
        billingduration: '300',
        comment: 'Turkey Mobile',
        amount: '0,6450',
        amounttax: '0,7676',
      },
    ]);
    const empty = await raw(sb, '/api/rest/v2/?cdr-callshop&from=2020-01-01&to=2020-01-02&show=10', {
      user: 'callshop',
    });
    expect(empty.json).toEqual({ error: false, codes: [OK], body: [] });
  });

  it('voiplist: map keyed sip_<n>, base64 passwords, flags as strings', async () => {
    const sb = await startSandbox();
    const res = await raw(sb, '/api/rest/v2/?voiplist');
    const list = res.json.body.voiplist;
    expect(Object.keys(list)).toEqual(['sip_1', 'sip_2']);
    expect(Buffer.from(list.sip_1.password, 'base64').toString('utf8')).toBe('sip-demo-1');
    expect(list.sip_1.ip).toMatch(/^[^:]+:\d+$/);
    expect(list.sip_2.transport_tls).toBe('true');
    expect(list.sip_1.transport_tls).toBe('false');
    expect(res.json.body.username).toBe('demo');
  });

  it('rates: currency upper case, rates is an array holding one array, longest prefix wins', async () => {
    const sb = await startSandbox();
    const res = await raw(
      sb,
      '/api/rest/v2/?rates&numbers=4930123456|4917012345678|0043664123456|12125550100|999',
    );
    expect(res.json.body.currency).toBe('EUR');
    expect(res.json.body.rates).toHaveLength(1);
    expect(res.json.body.rates[0]).toEqual([
      { number: '4930123456', destinationname: 'Germany Berlin', price: '0,0150', prefix: '004930' },
      { number: '4917012345678', destinationname: 'Germany Mobile', price: '0,0890', prefix: '004917' },
      { number: '0043664123456', destinationname: 'Austria Mobile', price: '0,0990', prefix: '004366' },
      { number: '12125550100', destinationname: 'USA/Canada', price: '0,0120', prefix: '001' },
    ]);
  });

  it('rates are in the user currency', async () => {
    const sb = await startSandbox();
    const res = await raw(sb, '/api/rest/v2/?rates&numbers=4930123456', { user: 'swiss' });
    expect(res.json.body.currency).toBe('CHF');
    // 0,0150 EUR × 0,95 = 0,014250 → 0,0143 (half up at four decimals)
    expect(res.json.body.rates[0][0].price).toBe('0,0143');
  });

  it('rates and number check with no match answer 1001 with body [] (D8)', async () => {
    const sb = await startSandbox();
    const rates = await raw(sb, '/api/rest/v2/?rates&numbers=999123|888');
    expect(rates.json).toEqual({
      error: true,
      codes: [{ code: 1001, description: expect.any(String) }],
      body: [],
    });
    const check = await raw(sb, '/api/rest/v3/number-check?prefix=999&number=1234567');
    expect(check.json.error).toBe(true);
    expect(check.json.codes[0].code).toBe(1001);
    expect(check.json.body).toEqual([]);
  });

  it('number check (v3) splits into the matched prefix and the rest', async () => {
    const sb = await startSandbox();
    const res = await raw(sb, '/api/rest/v3/number-check?prefix=49&number=301234567');
    expect(res.json.body).toEqual({
      completenumber: '49301234567',
      prefix: '4930',
      number: '1234567',
      name: 'Germany Berlin',
    });
    const gb = await raw(sb, '/api/rest/v3/number-check?prefix=44&number=7700900123');
    expect(gb.json.body).toMatchObject({ prefix: '447', name: 'United Kingdom Mobile' });
  });

  it('topup: success returns the 2.1 fields with the new balance; 1200 and 1201 with body []', async () => {
    const sb = await startSandbox();
    const ok = await raw(sb, '/api/rest/v2/?topup', { form: { pin: '1000000001' } });
    expect(ok.json).toEqual({
      error: false,
      codes: [OK],
      body: {
        customernumber: '100001',
        accountnumber: '200001',
        username: 'demo',
        customercurrency: 'eur',
        customeraccountstate: '28,40',
      },
    });
    const used = await raw(sb, '/api/rest/v2/?topup', { form: { pin: '1000000001' } });
    expect(used.status).toBe(200);
    expect(used.json).toEqual({
      error: true,
      codes: [{ code: 1200, description: 'Personal Identification Number Not Valid' }],
      body: [],
    });
    const noCard = await raw(sb, '/api/rest/v2/?topup', { user: 'nocard', form: { pin: '1000000002' } });
    expect(noCard.json.codes[0].code).toBe(1201);
    expect(noCard.json.body).toEqual([]);
    expect(sb.state.pins().find((p) => p.pin === '1000000002')?.usedBy).toBeUndefined();
  });

  it('topup: a PIN bound to another user, or in another currency, is not valid', async () => {
    const sb = await startSandbox();
    const foreign = await raw(sb, '/api/rest/v2/?topup', { form: { pin: '3000000001' } });
    expect(foreign.json.codes[0].code).toBe(1200);
    const chf = await raw(sb, '/api/rest/v2/?topup', { form: { pin: '2000000001' } });
    expect(chf.json.codes[0].code).toBe(1200);
    const own = await raw(sb, '/api/rest/v2/?topup', { user: 'callshop', form: { pin: '3000000001' } });
    expect(own.json.body.customeraccountstate).toBe('265,00');
  });

  it('card module: active is 1, "" and " "; amounts as "0,10 EUR"', async () => {
    const sb = await startSandbox();
    const active = await card(sb, 'show', { Telefon: '4917012345678' });
    expect(active.json.body).toEqual({
      Kunde: 'Max Mustermann',
      CLI: '4917012345678',
      Amount: '5,00 EUR',
      AmountAll: '20,00 EUR',
      fldSerial: '100000000901',
      fldPIN: '12345678',
      active: 1,
    });
    const blocked = await card(sb, 'show', { Telefon: '4915112345678' });
    expect(blocked.json.body.active).toBe('');
    expect(blocked.json.body.Amount).toBe('0,10 EUR');
    const disabled = await card(sb, 'show', { Telefon: '4916012345678' });
    expect(disabled.json.body.active).toBe(' ');
  });

  it('every response carries a Date header from the sandbox clock', async () => {
    const sb = await startSandbox({ clock: () => new Date('2026-11-21T10:00:00Z') });
    const res = await raw(sb, '/api/rest/v2/?account', { at: new Date('2026-11-21T09:59:30Z') });
    expect(res.json.error).toBe(false);
    expect(res.headers.get('date')).toBe('Sat, 21 Nov 2026 10:00:00 GMT');
  });
});
