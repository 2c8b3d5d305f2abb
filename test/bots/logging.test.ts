import { readFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createLogger } from '../../src/bots/logger.js';
import type { ChatRef, Identity } from '../../src/core/identity.js';
import { DEMO_DATA_PATH, type SandboxData } from '../../src/sandbox/index.js';
import { md5Hex } from '../../src/telephony/index.js';
import { createTestStack, type TestStack } from '../helpers/stack.js';

/** Secrets chosen so that any appearance in a log line can only be a leak. */
const PASSWORD = 'Log-Test-Passw0rd-q7Zx';
const PIN = '1000000001';
const SIP_PASSWORDS = ['sip-demo-1', 'sip-demo-2'];

/** pino writes one JSON line per `write`; keep them all. */
function memoryDestination() {
  const lines: string[] = [];
  let partial = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      partial += chunk.toString();
      const parts = partial.split('\n');
      partial = parts.pop() ?? '';
      lines.push(...parts.filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

async function seedWithPassword(password: string): Promise<SandboxData> {
  const data = parse(await readFile(DEMO_DATA_PATH, 'utf8')) as {
    users: { username: string; password: string }[];
  };
  const demo = data.users.find((u) => u.username === 'demo');
  if (!demo) throw new Error('the demo seed has no "demo" user');
  demo.password = password;
  return data as SandboxData;
}

describe('structured logs at debug (docs/operations.md §4.1)', () => {
  const { stream, lines } = memoryDestination();
  const identity: Identity = { platform: 'console', tenant: '', user: 'log-user', displayName: 'Log User' };
  const chat: ChatRef = { id: 'log-chat', kind: 'private' };
  let stack: TestStack;
  const requestIds: string[] = [];
  const replies: string[] = [];

  beforeAll(async () => {
    stack = await createTestStack({
      sandbox: { data: await seedWithPassword(PASSWORD) },
      logger: createLogger({ level: 'debug', destination: stream }),
    });
    const linked = await stack.core.link({
      identity,
      chat,
      username: 'demo',
      password: PASSWORD,
      kind: 'account',
    });
    expect(linked.tone).toBe('success');
    const text = async (requestId: string, t: string) => {
      requestIds.push(requestId);
      const out = await stack.core.handleText({ identity, chat, text: t, requestId });
      replies.push(JSON.stringify(out));
      return out;
    };
    const [prompt] = await text('req-topup', `/topup ${PIN}`);
    const confirm = prompt?.actions?.find((a) => a.actionId.startsWith('c:'));
    expect(confirm).toBeDefined();
    requestIds.push('req-confirm');
    const outcome = await stack.core.handleAction({
      identity,
      chat,
      actionId: confirm!.actionId,
      requestId: 'req-confirm',
    });
    replies.push(JSON.stringify(outcome));
    await text('req-call', '/call +49 30 1234567 +49 176 1234567');
    await text('req-lines', '/lines');
    await text('req-balance', '/balance');
    await text('req-topup-bad', '/topup 9999999999');
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('the commands really ran (so the secrets were in play)', () => {
    expect(stack.sandbox.stats().handled.topup).toBe(1);
    expect(stack.sandbox.stats().handled['webcallback.trycallback']).toBe(1);
    // The SIP passwords reached the private reply, so they were in the process to leak.
    expect(replies.join('\n')).toContain('sip-demo-1');
  });

  it('writes one JSON line per command with requestId, platform, command, durationMs, outcome', () => {
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const requestId of requestIds) {
      const mine = parsed.filter(
        (p) => p.requestId === requestId && (p.msg === 'command' || p.msg === 'action'),
      );
      expect(mine, `log lines of ${requestId}`).toHaveLength(1);
      const line = mine[0]!;
      expect(line).toMatchObject({ platform: 'console', level: 30 });
      expect(typeof line.command).toBe('string');
      expect(typeof line.durationMs).toBe('number');
      expect(typeof line.outcome).toBe('string');
    }
    const byId = Object.fromEntries(
      parsed.filter((p) => p.msg === 'command' || p.msg === 'action').map((p) => [p.requestId, p]),
    );
    expect(byId['req-topup']).toMatchObject({ command: 'topup', outcome: 'confirm-asked' });
    expect(byId['req-confirm']).toMatchObject({ command: 'topup', outcome: 'ok' });
    expect(byId['req-call']).toMatchObject({ command: 'call', outcome: 'ok' });
    expect(byId['req-lines']).toMatchObject({ command: 'lines', outcome: 'ok' });
    expect(byId['req-balance']).toMatchObject({ command: 'balance', outcome: 'ok' });
  });

  it('logs at debug (provider calls), yet no line holds the password, its md5, the PIN or a SIP password', () => {
    expect(lines.some((l) => (JSON.parse(l) as { level: number }).level === 20)).toBe(true);
    const all = lines.join('\n');
    for (const secret of [PASSWORD, md5Hex(PASSWORD), PIN, ...SIP_PASSWORDS]) {
      expect(all, `a log line holds ${secret}`).not.toContain(secret);
    }
  });
});

describe('logger redaction', () => {
  it('censors password, md5, pin and token fields, top level and one level down', () => {
    const { stream, lines } = memoryDestination();
    const logger = createLogger({ level: 'debug', destination: stream });
    logger.debug(
      {
        password: 'pw-top',
        md5: 'md5-top',
        pin: 'pin-top',
        token: 'token-top',
        credentials: { password: 'pw-nested', md5: 'md5-nested', pin: 'pin-nested', token: 'token-nested' },
        harmless: 'visible',
      },
      'redaction probe',
    );
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      password: '[redacted]',
      md5: '[redacted]',
      pin: '[redacted]',
      token: '[redacted]',
      credentials: { password: '[redacted]', md5: '[redacted]', pin: '[redacted]', token: '[redacted]' },
      harmless: 'visible',
    });
    expect(lines[0]).not.toMatch(/pw-|md5-|pin-|token-/);
  });

  it('does not change the caller object', () => {
    const { stream } = memoryDestination();
    const logger = createLogger({ level: 'info', destination: stream });
    const obj = { password: 'keep-me' };
    logger.info(obj, 'probe');
    expect(obj.password).toBe('keep-me');
  });
});
