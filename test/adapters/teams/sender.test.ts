import { describe, expect, it } from 'vitest';
import { TeamsSender } from '../../../src/adapters/teams/sender.js';

/** The one sender's pacing (docs/teams.md §4), on a clock that moves only by its own waits. */
function paced() {
  let now = 0;
  const waits: number[] = [];
  const sender = new TeamsSender({
    attempts: 1,
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  });
  const at: number[] = [];
  const call = (tenant: string, thread?: string) =>
    sender.call({ tenant, ...(thread ? { thread } : {}) }, async () => void at.push(now));
  return { call, waits, at };
}

describe('teams: the one sender', () => {
  it('the 8th send in one conversation waits a second; the 9th waits for the 2-second window', async () => {
    const s = paced();
    for (let i = 0; i < 9; i += 1) await s.call('t1', 'c1');
    expect(s.at).toEqual([0, 0, 0, 0, 0, 0, 0, 1_000, 2_000]);
  });

  it('the 51st request in a tenant waits a second, whatever its conversation; another tenant does not', async () => {
    const s = paced();
    for (let i = 0; i < 50; i += 1) await s.call('t1', `c${i}`);
    await s.call('t2', 'c0');
    expect(s.waits).toEqual([]);
    await s.call('t1');
    expect(s.waits).toEqual([1_000]);
  });
});
