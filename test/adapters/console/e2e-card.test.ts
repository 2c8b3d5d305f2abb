import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConsoleHarness, startConsole } from './console-harness.js';

/** End to end through the console: the card lifecycle with the PIN-creation credentials (spec 3.1). */

let h: ConsoleHarness;

beforeEach(async () => {
  h = await startConsole();
});

afterEach(async () => {
  await h.close();
});

const state = (cli: string) => h.stack.sandbox.state.card(cli)?.state;

describe('/card', () => {
  it('show: the card, and its PIN in a private chat', async () => {
    const out = await h.say('/card show +49 170 1234 5678');
    expect(out).toContain('== Card +4917012345678 ==');
    expect(out).toMatch(/State:\s+active/);
    expect(out).toMatch(/Amount:\s+€5\.00/);
    expect(out).toMatch(/Total amount:\s+€20\.00/);
    expect(out).toMatch(/Serial:\s+100000000901/);
    expect(out).toMatch(/PIN:\s+12345678/);
  });

  it('show of an unknown card says so', async () => {
    expect(await h.say('/card show +4917000000001')).toContain('There is no card for +4917000000001.');
  });

  it('create: a new active card with its PIN', async () => {
    const asked = await h.say('/card create +4917099999999 7.50 Jane Roe');
    expect(asked).toMatch(/Create a card for \+4917099999999 with €7\.50\?/);
    const out = await h.say('1');
    expect(out).toContain('Card +4917099999999: created.');
    expect(out).toMatch(/Amount:\s+€7\.50/);
    expect(out).toMatch(/Customer:\s+Jane Roe/);
    expect(out).toMatch(/PIN:\s+\d{4,}/);
    expect(state('4917099999999')).toBe('active');
  });

  it('block asks first; confirmed, the card is blocked; unblock asks too (docs/money-guard.md §1, §2)', async () => {
    const ask = await h.say('/card block +4917012345678');
    expect(ask).toContain('Block the card +4917012345678? It stops working until it is unblocked.');
    expect(state('4917012345678')).toBe('active');
    expect(await h.say('1')).toContain('Card +4917012345678: blocked.');
    expect(state('4917012345678')).toBe('blocked');
    expect(await h.say('/card unblock +4917012345678')).toContain(
      'Unblock the card +4917012345678? It can be used again at once.',
    );
    expect(state('4917012345678')).toBe('blocked');
    expect(await h.say('1')).toContain('Card +4917012345678: unblocked.');
    expect(state('4917012345678')).toBe('active');
  });

  it('disable asks first and disables', async () => {
    expect(await h.say('/card disable +4917012345678')).toContain(
      'Disable the card +4917012345678? This cannot be undone by unblocking.',
    );
    expect(await h.say('1')).toContain('Card +4917012345678: disabled.');
    expect(state('4917012345678')).toBe('disabled');
  });

  it('renumber asks first and moves the card', async () => {
    expect(await h.say('/card renumber +4915112345678 +4915199999999')).toContain(
      'Move the card +4915112345678 to the number +4915199999999?',
    );
    expect(await h.say('1')).toContain('Card +4915199999999: renumbered.');
    expect(state('4915199999999')).toBe('active');
    expect(state('4915112345678')).toBeUndefined();
  });

  it('activate with the card PIN reactivates a disabled card; a wrong PIN is refused', async () => {
    expect(await h.say('/card activate +4916012345678 1111-2222')).toContain(
      'This PIN is not valid or was already used.',
    );
    expect(state('4916012345678')).toBe('disabled');
    expect(await h.say('/card activate +4916012345678 34567890')).toContain(
      'Card +4916012345678: activated.',
    );
    expect(state('4916012345678')).toBe('active');
  });

  it('refused transitions are explained with the card state', async () => {
    await h.say('/card unblock +4917012345678');
    expect(await h.say('1')).toContain('That is not possible for a card that is active.');
    await h.say('/card block +4916012345678');
    expect(await h.say('1')).toContain('That is not possible for a card that is disabled.');
    expect(state('4916012345678')).toBe('disabled');
  });
});
