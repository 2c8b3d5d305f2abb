import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSandbox, SandboxDataError } from '../../src/sandbox/index.js';
import { card, raw, startSandbox } from './helpers.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'sandbox-'));

describe('sandbox persistence and seed data', () => {
  it('a restart with persistPath keeps balances, PINs, cards, targets and calls', async () => {
    const path = join(tmp(), 'state.json');
    const first = await startSandbox({ persistPath: path });
    await raw(first, '/api/rest/v2/?topup', { form: { pin: '1000000001' } });
    await raw(first, '/api/rest/v2/?onlinecallthrough', {
      form: { act: 'store', anumber: '4917012345678', bnumber: '4930123456' },
    });
    const inserted = await card(first, 'insert', { Telefon: '4917655501234', Amount: '3.00' });
    await card(first, 'blockcard', { Telefon: '4917012345678' });
    const call = await raw(first, '/api/rest/v2/?webcallback', {
      form: { act: 'trycallback', aNumber: '4917012345678', bNumber: '4930123456' },
    });
    await first.close();
    expect(JSON.parse(readFileSync(path, 'utf8')).version).toBe(1);

    const second = await startSandbox({ persistPath: path });
    expect((await raw(second, '/api/rest/v2/?account')).json.body.accounts[0].amount).toBe('28,40');
    expect(
      (await raw(second, '/api/rest/v2/?topup', { form: { pin: '1000000001' } })).json.codes[0].code,
    ).toBe(1200);
    expect((await raw(second, '/api/rest/v2/?onlinecallthrough')).json.body.anumber).toBe('4917012345678');
    expect((await card(second, 'show', { Telefon: '4917655501234' })).json.body).toEqual(inserted.json.body);
    expect((await card(second, 'show', { Telefon: '4917012345678' })).json.body.active).toBe('');
    const stop = await raw(second, '/api/rest/v2/?webcallback', {
      form: { act: 'stopcallback', callerId: call.json.body.callId },
    });
    expect(stop.json.error).toBe(false);
    // New serials continue after a restart, never reused.
    const next = await card(second, 'insert', { Telefon: '4917655501299' });
    expect(Number(next.json.body.fldSerial)).toBe(Number(inserted.json.body.fldSerial) + 1);
  });

  it('the persisted file never holds a password, only the md5 key', async () => {
    const path = join(tmp(), 'state.json');
    await startSandbox({ persistPath: path });
    const text = readFileSync(path, 'utf8');
    expect(text).not.toMatch(/"password"\s*:\s*"demo"/);
    expect(text).toContain('fe01ce2a7fbac8fafaed7c982a04e229');
  });

  it('a seed file of the developer (JSON) is used', async () => {
    const path = join(tmp(), 'seed.json');
    writeFileSync(
      path,
      JSON.stringify({
        rates: [{ prefix: '49', name: 'Germany', price: '0,01' }],
        users: [
          {
            username: 'dev',
            password: 'pw',
            kind: 'account',
            customerNumber: '1',
            accountNumber: '2',
            customerName: 'Dev',
            accountName: 'Dev',
            currency: 'EUR',
            balance: '1.5',
          },
        ],
      }),
    );
    const sb = await startSandbox({ data: path });
    const res = await raw(sb, '/api/rest/v2/?account', { user: 'dev', password: 'pw' });
    expect(res.json.body.accounts[0].amount).toBe('1,50');
  });

  it('an invalid seed is refused with errors that name the field', () => {
    expect(() =>
      createSandbox({
        data: {
          rates: [{ prefix: '49', name: 'Germany', price: '1,2,3' }],
          users: [
            {
              username: 'x',
              password: 'y',
              kind: 'account',
              customerNumber: '1',
              accountNumber: '2',
              customerName: 'X',
              accountName: 'X',
              currency: 'EURO',
              balance: '1',
            },
          ],
        },
      }),
    ).toThrow(/rates\.0\.price[\s\S]*users\.0\.currency/);
    expect(() => createSandbox({ data: '/nonexistent/seed.yaml' })).toThrow(SandboxDataError);
  });

  it('a corrupt state file is refused, naming the file', () => {
    const path = join(tmp(), 'state.json');
    writeFileSync(path, '{"version": 2}');
    expect(() => createSandbox({ persistPath: path })).toThrow(/state\.json/);
  });
});
