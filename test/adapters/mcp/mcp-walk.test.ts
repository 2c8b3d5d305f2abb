import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLabel, operations } from '../../../src/telephony/index.js';
import { type McpHarness, startMcp, textOf } from './mcp-harness.js';

/**
 * Every tool of the command table, walked against the sandbox (docs/mcp.md §2, §3, §4.3): its hints
 * agree with what its call did at the provider, its result is typed beside the text, and no result or
 * form holds a secret the sandbox knows (a SIP password, a card's PIN, a top-up PIN).
 */

const CARD = '+4917012345678';
/** A value per field name where the kind's example would not reach the provider's logic. */
const VALUES: Record<string, unknown> = {
  card_number: CARD,
  new_number: '+4917099999999',
  numbers: ['+49 30 1234567', '+44 20 7946 0000'],
  a: '+49 30 1234567',
  b: '+49 176 12345678',
  number: '+49 30 1234567',
  amount: '10.00',
  customer: 'Walk',
  label: 'demo',
  cap: '20.00',
  period: 'today',
  count: 5,
  zone: 'Europe/Berlin',
  kind: 'daily',
  schedule: 'off',
  language: 'en',
};
/** Per tool: `topup` redeems a top-up PIN, `card_activate` needs the card's own; a new card needs a free number. */
const OVERRIDES: Record<string, Record<string, unknown>> = {
  topup: { pin: '1000000002' },
  card_activate: { pin: '12345678' },
  card_create: { card_number: '+4917055555555' },
  card_renumber: { card_number: '+4916012345678' },
};
/** Last: these take the linked account away, and every tool after would be refused. */
const LAST = ['use', 'unlink'];

/** Operations that change state at the provider: the never-retry list is one part of them. */
const writes = new Set(
  (Object.keys(operations) as (keyof typeof operations)[])
    .filter((k) => !operations[k].safeToRetry)
    .map((k) => operationLabel(k)),
);

interface Walked {
  name: string;
  annotations: Record<string, string | boolean | undefined>;
  result: unknown;
  ops: string[];
}

let h: McpHarness;
const walked: Walked[] = [];

beforeAll(async () => {
  h = await startMcp();
  h.answer(() => ({ action: 'accept', content: { confirm: true } }));
  const { tools } = await h.client.listTools();
  const order = [...tools].sort((x, y) => LAST.indexOf(x.name) - LAST.indexOf(y.name));
  for (const tool of order) {
    const props = (tool.inputSchema.properties ?? {}) as Record<string, unknown>;
    const args = Object.fromEntries(
      Object.keys(props)
        .filter((k) => k !== 'support_channel' && k !== 'args')
        .map((k) => [k, OVERRIDES[tool.name]?.[k] ?? (k === 'pin' ? undefined : VALUES[k])])
        .filter(([, v]) => v !== undefined),
    );
    const before = { ...h.stack.sandbox.stats().received };
    const result = await h.client.callTool({ name: tool.name, arguments: args });
    const after = h.stack.sandbox.stats().received;
    const ops = Object.keys(after).filter((op) => (after[op] ?? 0) > (before[op] ?? 0));
    walked.push({ name: tool.name, annotations: { ...tool.annotations }, result, ops });
  }
}, 120_000);
afterAll(async () => {
  await h.close();
});

/** Every `{ minor, scale, currency }` inside a value. */
function moneyIn(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(moneyIn);
  if (!value || typeof value !== 'object') return [];
  const v = value as Record<string, unknown>;
  return 'minor' in v ? [v] : Object.values(v).flatMap(moneyIn);
}

describe('every tool against its command and the sandbox (docs/mcp.md §2–§4)', () => {
  it('walks one tool per command shape of the table', () => {
    const fromTable = h.stack.core.commands.flatMap((c) => c.tools ?? []).map((t) => t.name);
    expect(walked.map((w) => w.name).sort()).toEqual([...fromTable].sort());
    expect(walked.length).toBeGreaterThan(25);
  });

  it('hints agree with the table’s effect and never-retry fields, for every tool', () => {
    const table = new Map(h.stack.core.commands.flatMap((c) => c.tools ?? []).map((t) => [t.name, t]));
    for (const w of walked) {
      const t = table.get(w.name)!;
      expect(w.annotations, w.name).toEqual({
        title: expect.any(String),
        readOnlyHint: t.effect === 'none',
        destructiveHint: t.effect === 'destructive',
        idempotentHint: t.effect === 'none' || !t.neverRetry,
        openWorldHint: t.openWorld ?? true,
      });
    }
  });

  it('a read-only tool changed nothing at the provider; a tool that sent a never-retry operation is not idempotent', () => {
    for (const w of walked) {
      const wrote = w.ops.filter((op) => writes.has(op));
      if (w.annotations.readOnlyHint) expect(wrote, w.name).toEqual([]);
      if (wrote.length) expect(w.annotations.idempotentHint, `${w.name} sent ${wrote}`).toBe(false);
    }
    // The walk reached the provider's writes at all (else the check above proves nothing).
    expect(walked.filter((w) => w.ops.some((op) => writes.has(op))).length).toBeGreaterThan(3);
  });

  it('every result carries typed values beside the text; money is a string of minor units with its currency', () => {
    for (const w of walked) {
      const r = w.result as { structuredContent?: { replies: unknown[] }; content: unknown[] };
      expect(textOf(r).length, w.name).toBeGreaterThan(0);
      if (r.structuredContent) expect(Array.isArray(r.structuredContent.replies), w.name).toBe(true);
      for (const m of moneyIn(r.structuredContent))
        expect(m, w.name).toEqual({
          minor: expect.stringMatching(/^-?\d+$/),
          scale: expect.any(Number),
          currency: expect.stringMatching(/^[A-Z]{3}$/),
        });
    }
    expect(
      walked.flatMap((w) => moneyIn((w.result as { structuredContent?: unknown }).structuredContent)).length,
    ).toBeGreaterThan(3);
  });

  it('no result and no form holds a secret the sandbox knows', () => {
    const state = h.stack.sandbox.state;
    const snapshot = JSON.stringify(state.snapshot());
    const sip = [...snapshot.matchAll(/"password":"(sip-[^"]+)"/g)].map((m) => m[1]!);
    const secrets = [...sip, ...state.cards().map((c) => c.pin), ...state.pins().map((p) => p.pin)];
    expect(sip.length).toBeGreaterThan(0);
    // The walk created a card: its new PIN is among them.
    expect(state.cards().length).toBeGreaterThan(3);
    const said = JSON.stringify([walked.map((w) => w.result), h.asked]);
    // Whole values: a card's PIN may be part of a longer number the assistant may read.
    for (const secret of secrets)
      expect(said, 'a secret reached the assistant').not.toMatch(
        new RegExp(`(?<![\\w-])${secret}(?![\\w-])`),
      );
  });
});
