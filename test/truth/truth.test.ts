import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkBalance,
  checkCallCards,
  checkCard,
  checkDigests,
  checkHangingUp,
  checkSpend,
  checkTotals,
  type Violation,
} from './checks.js';
import { CARD_CLI, type History, history, PINS, World } from './history.js';

/**
 * The truth suite (docs/proactive.md §7): random histories in the sandbox (calls and
 * redials to the same number, hang-ups, calls at the provider's time limit, top-ups, card changes,
 * time passing, several zones and both languages), then every figure the bot states is checked
 * against the sandbox's own ledger. A failure names its area and prints fast-check's seed and path;
 * `TRUTH_SEED=<seed>` replays one, `TRUTH_RUNS` runs more.
 */
async function live(h: History, areas: readonly Violation['area'][]): Promise<Violation[]> {
  const w = new World(h);
  const out: Violation[] = [];
  await w.open();
  try {
    for (const s of h.steps) {
      if (s.kind === 'call') await w.call(s.b);
      else if (s.kind === 'hangup' && w.calls.length) {
        const callId = w.calls[s.which % w.calls.length]!;
        await w.say(`/hangup ${callId}`);
        checkHangingUp(w, callId, out);
      } else if (s.kind === 'wait') w.now += s.ms;
      else if (s.kind === 'reports') await w.stack.proactive.checkCallReports();
      else if (s.kind === 'topup' && w.pinsUsed < PINS.length) {
        await w.confirm(await w.say(`/topup ${PINS[w.pinsUsed++]}`));
        await checkBalance(w, out);
      } else if (s.kind === 'card') {
        await w.confirm(await w.say(`/card ${s.op} ${CARD_CLI}`));
        await checkCard(w, out);
      } else if (s.kind === 'look') {
        await checkBalance(w, out);
        await checkTotals(w, out);
        await checkSpend(w, out);
      } else if (s.kind === 'digests') await w.digest();
    }
    await w.settle();
    // A week later at least one digest is due, whatever the steps did.
    w.now += 8 * 86_400_000;
    await w.digest();
    checkCallCards(w, out);
    checkDigests(w, out);
    await checkBalance(w, out);
    await checkTotals(w, out);
  } finally {
    await w.close();
  }
  return out.filter((v) => areas.includes(v.area));
}

const runs = Number(process.env.TRUTH_RUNS ?? 15);
const seed = process.env.TRUTH_SEED ? Number(process.env.TRUTH_SEED) : undefined;

function property(areas: readonly Violation['area'][]) {
  return fc.assert(
    fc.asyncProperty(history, async (h) => {
      const found = await live(h, areas);
      expect(found.map((v) => `${v.area}: ${v.what}`)).toEqual([]);
    }),
    { numRuns: runs, ...(seed !== undefined ? { seed } : {}), endOnFailure: !!process.env.TRUTH_NO_SHRINK },
  );
}

describe('every figure the bot states is the ledger’s (truth suite)', () => {
  it('call cards: each call its own record’s duration and cost (redials, hang-ups, the time limit)', async () => {
    await property(['call report']);
  }, 300_000);

  it('call cards say when a call hit the 60-minute limit, and "Hanging up…" at once', async () => {
    await property(['time limit', 'hang-up']);
  }, 300_000);

  it('totals: /cdrs counts and totals the whole period in the user’s zone, each row its record', async () => {
    await property(['totals']);
  }, 300_000);

  it('spend charts and weekly digests: periods in the user’s zone, never overlapping, the ledger’s figures', async () => {
    await property(['spend', 'digest']);
  }, 300_000);

  it('balances and cards after top-ups, calls and card changes', async () => {
    await property(['balance', 'card']);
  }, 300_000);
});
