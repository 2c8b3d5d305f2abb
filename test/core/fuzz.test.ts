import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRef } from '../../src/core/identity.js';
import type { Reply } from '../../src/core/reply.js';
import { alice, type CoreHarness, group, privateChat, startCore, textOf } from './core-harness.js';

/**
 * A fuzz of 10,000 random command lines through `core.handleText` (docs/interface.md §1.3): no crash, no
 * unhandled rejection, a reply every time, and never an API call with invalid parameters.
 * Invalid parameters show up twice: the sandbox refuses them with 403 (its log line has the
 * status) and the core words that refusal as "The provider refused this: parameter …".
 */

let h: CoreHarness;
const sandboxLines: string[] = [];
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  h = await startCore({ sandbox: { logger: (line) => sandboxLines.push(line) } });
});

afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  await h.close();
});

/** Operations where a 403 can only mean a malformed request (the others refuse business cases with 403 too). */
const PARAMETER_ONLY_403 = [
  'account',
  'onlinecallthrough',
  'voiplist',
  'rates',
  'number-check',
  'cdrs',
  'topup',
  'webcallback.stopcallback',
  'onlinecallthrough.store',
];

function arbitraries(names: string[]) {
  const long = fc.string({ minLength: 300, maxLength: 3000 });
  const phone = fc.oneof(
    fc.constantFrom(
      '+49 30 1234567',
      '+4917012345678',
      '0049 176 1234567',
      '+43 1 234567',
      '+1 212 555 0100',
      '030123456',
      '+',
      '00',
      '+999999999999999999',
      '+49 (0) 30 123-456',
    ),
    fc.stringMatching(/^\+?\d{1,18}$/),
  );
  const date = fc.constantFrom(
    'today',
    'yesterday',
    '7d',
    '2w',
    '3m',
    '2026-11-01',
    '01.11.2026',
    '31.02.2026',
    '2026-13-40',
    '9999d',
    '0d',
    '1.1.1900',
  );
  const token = fc.oneof(
    { weight: 4, arbitrary: phone },
    { weight: 2, arbitrary: date },
    { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'show',
        'create',
        'block',
        'unblock',
        'disable',
        'renumber',
        'activate',
        'on',
        'off',
        'csv',
        'card',
        '12345678',
      ),
    },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: long },
  );
  const name = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...names) },
    { weight: 1, arbitrary: fc.constantFrom(...names).map((n) => n.toUpperCase()) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }) },
  );
  const commandLine = fc
    .tuple(fc.boolean(), name, fc.array(token, { maxLength: 5 }), fc.constantFrom(' ', '  ', '\t', '\u00a0'))
    .map(([slash, n, args, sep]) => `${slash ? '/' : ''}${n}${sep}${args.join(' ')}`);
  // Lines shaped like real use, so a good share reaches the provider with edge-case values.
  const count = fc.oneof(fc.integer({ min: -5, max: 600 }).map(String), fc.constant(''));
  const shaped = fc.oneof(
    fc.array(phone, { minLength: 1, maxLength: 4 }).map((p) => `/rate ${p.join(' ')}`),
    phone.map((p) => `/check ${p}`),
    fc.tuple(phone, phone).map(([a, b]) => `/call ${a} ${b}`),
    fc.tuple(phone, phone).map(([a, b]) => `/target ${a} ${b}`),
    fc.tuple(fc.constantFrom('show', 'unblock', 'create', 'block'), phone).map(([s, p]) => `/card ${s} ${p}`),
    fc
      .tuple(phone, fc.constantFrom('', '5', '0.01', '100000', '7,5', '1e3'), fc.string({ maxLength: 20 }))
      .map(([p, a, c]) => `/card create ${p} ${a} ${c}`),
    fc.tuple(phone, fc.stringMatching(/^[\d-]{1,12}$/)).map(([p, pin]) => `/card activate ${p} ${pin}`),
    fc.tuple(phone, phone).map(([a, b]) => `/card renumber ${a} ${b}`),
    fc.tuple(date, date, count).map(([a, b, n]) => `/cdrs ${a} ${b} ${n}`),
    fc.tuple(date, count).map(([a, n]) => `/callshop ${a} ${n}`),
    fc.stringMatching(/^[\w-]{1,70}$/).map((id) => `/hangup ${id}`),
    fc.stringMatching(/^[\d -]{1,40}$/).map((pin) => `/topup ${pin}`),
  );
  const line = fc.oneof(
    { weight: 4, arbitrary: shaped },
    { weight: 8, arbitrary: commandLine },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    { weight: 1, arbitrary: long.map((s) => `/rate ${s}`) },
    { weight: 1, arbitrary: long },
  );
  const chat = fc.constantFrom<ChatRef>(privateChat, privateChat, privateChat, group, {
    ...group,
    userIsAdmin: true,
  });
  return { line, chat };
}

const isReadable = (r: Reply) =>
  Boolean(r.text || r.title || r.fields?.length || r.table || r.file || r.actions?.length);

describe('fuzz: 10,000 random command lines', () => {
  it('never crash, always answer, never send invalid parameters', async () => {
    const names = [...new Set(h.stack.core.commands.flatMap((c) => [c.name, ...c.aliases]))];
    const { line, chat } = arbitraries(names);
    let lines = 0;
    await fc.assert(
      fc.asyncProperty(line, chat, async (text, where) => {
        lines++;
        const replies = await h.stack.core.handleText({ identity: alice, chat: where, text });
        expect(replies.length).toBeGreaterThanOrEqual(1);
        for (const r of replies) expect(isReadable(r)).toBe(true);
        const said = textOf(replies);
        expect(said).not.toMatch(/refused this: .*parameter|Something went wrong on my side/);
        // Unlinking or switching accounts would starve the rest of the run of API calls.
        if (
          !(await h.stack.stores.credentials.get('console::alice'))?.credentials.some(
            (c) => c.label === 'demo',
          )
        ) {
          await h.stack.stores.credentials.delete('console::alice');
          await h.stack.linkDemo(alice);
        }
        await h.stack.stores.credentials.get('console::alice').then(async (rec) => {
          if (rec && rec.active !== 'demo')
            await h.stack.stores.credentials.set('console::alice', { ...rec, active: 'demo' });
        });
      }),
      { numRuns: 10_000, seed: 4242, endOnFailure: true },
    );
    expect(lines).toBe(10_000);
    const received = Object.values(h.stack.sandbox.stats().received).reduce((a, b) => a + b, 0);
    // The run did reach the provider, so the checks below saw real requests.
    expect(received).toBeGreaterThan(100);
    const parameterErrors = sandboxLines.filter((l) => {
      const [, , operation, , status] = l.split(' ');
      return status === 'status=403' && PARAMETER_ONLY_403.includes(operation ?? '');
    });
    expect(parameterErrors).toEqual([]);
    expect(sandboxLines.filter((l) => l.startsWith('sandbox error'))).toEqual([]);
    expect(rejections).toEqual([]);
  }, 180_000);
});
