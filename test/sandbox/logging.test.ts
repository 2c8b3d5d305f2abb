import { describe, expect, it } from 'vitest';
import { createTelephonyClient } from '../../src/telephony/client.js';
import { md5Hex, signHeaders } from '../../src/telephony/signature.js';
import { card, raw, startSandbox } from './helpers.js';

describe('sandbox request log', () => {
  it('one line per request, with operation, user, status, code and ms, and no secret', async () => {
    const lines: string[] = [];
    const sb = await startSandbox({ logger: (l) => lines.push(l) });
    const fixed = new Date();
    const signed = signHeaders('demo', md5Hex('demo'), fixed);
    await raw(sb, '/api/rest/v2/?account', { at: fixed });
    await raw(sb, '/api/rest/v2/?topup', { form: { pin: '1000000001' } });
    await raw(sb, '/api/rest/v2/?topup', { form: { pin: '1000000003' }, password: 'wrong-password' });
    const inserted = await card(sb, 'insert', { Telefon: '4917655501234', sendSmsInfo: '1' });
    await card(sb, 'activateMyCard', { realm: 'default', cli: '4917012345678', PIN: '12345678' });
    const client = createTelephonyClient({
      baseUrl: sb.url,
      credentials: { username: 'demo', password: 'demo' },
    });
    await client.voiplist({});
    await client.close();

    expect(lines.filter((l) => / (GET|POST) /.test(l))).toHaveLength(6);
    expect(lines[0]).toMatch(/^\S+Z GET account user=demo status=200 code=200 \d+\.\dms$/);
    expect(lines.some((l) => / POST topup user=demo status=401 code=401 /.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith('sms to 4917655501234'))).toBe(true);

    const secrets = [
      'demo:', // never the x-authorization header
      signed['x-authorization'].split(':')[1]!,
      md5Hex('demo'),
      md5Hex('cards'),
      'wrong-password',
      '1000000001',
      '1000000003',
      '12345678',
      inserted.json.body.fldPIN as string,
      'sip-demo-1',
      Buffer.from('sip-demo-1').toString('base64'),
    ];
    const text = lines.join('\n');
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('an unknown module name from the request is not echoed into the log', async () => {
    const lines: string[] = [];
    const sb = await startSandbox({ logger: (l) => lines.push(l) });
    await raw(sb, '/api/rest/v2/?s3cret-token-in-url');
    expect(lines.join('\n')).not.toContain('s3cret');
    expect(lines[0]).toContain('(unknown)');
  });
});
