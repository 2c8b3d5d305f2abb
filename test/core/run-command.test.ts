import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommandName, type CommandRef, commandRef, formAsked } from '../../src/core/command-spec.js';
import { alice, type CoreHarness, group, privateChat, startCore, textOf } from './core-harness.js';

/**
 * Core.runCommand: a command by name with typed arguments (a form's value, a shortcut's number)
 * takes the road of typed text: its own schema, the same fixes, the same placement. And the
 * command table's `form` field says which commands open a form, for every channel.
 */
let h: CoreHarness;

beforeAll(async () => {
  h = await startCore();
});
afterAll(async () => {
  await h.close();
});

const run = (command: CommandName, args: string[], chat = privateChat) =>
  h.stack.core.runCommand({ identity: alice, chat, command: commandRef(command), args });

describe('runCommand', () => {
  it('validates with the command’s own schema: a bad argument gets the typed command’s fix, no API call', async () => {
    const typed = await h.send('/rate abc');
    const before = h.stack.sandbox.stats().received;
    const byName = await run('rate', ['abc']);
    expect(textOf(byName)).toBe(typed.text);
    expect(byName[0]?.tone).toBe('error');
    expect(h.stack.sandbox.stats().received).toEqual(before);
  });

  it('keeps each argument whole: a number with spaces is one number', async () => {
    const replies = await run('rate', ['+49 30 1234567']);
    expect(textOf(replies)).toMatch(/Germany/);
    expect(textOf(await run('check', ['+49 30 1234567', '+43 1 234567']))).toMatch(/you gave 2/);
  });

  it('answers as placed for a typed command: a personal answer in a group goes to the asker alone', async () => {
    const [balance] = await run('balance', [], group);
    expect(balance?.audience).toBe('actor');
    expect(balance?.visibility).toBe('personal');
  });

  it('confirms what a typed command confirms', async () => {
    const replies = await run('topup', ['1000000001']);
    expect(replies[0]?.actions?.map((a) => a.actionId.slice(0, 2))).toEqual(['c:', 'x:']);
    expect(h.stack.sandbox.stats().received).not.toHaveProperty('topup');
  });

  it('a reference the table no longer has (a form an older version opened) is refused in plain words', async () => {
    const gone = 'fly' as CommandRef;
    expect(
      textOf(await h.stack.core.runCommand({ identity: alice, chat: privateChat, command: gone, args: [] })),
    ).toMatch(/fly/);
  });
});

describe('the form field of the command table', () => {
  it('names the commands that open a form, and which', () => {
    const forms = h.stack.core.commands.filter((c) => c.form).map((c) => [c.name, c.form?.kind]);
    expect(forms).toEqual([
      ['link', 'credentials'],
      ['topup', 'pin'],
      ['team', 'support-setup'],
    ]);
  });

  it.each([
    ['recharge', { kind: 'open', command: 'topup' }],
    ['topup 1000000001', undefined],
    ['link card', { kind: 'open', command: 'link', option: 'card' }],
    ['link demo secret', { kind: 'refused', command: 'link' }],
    ['team setup', { kind: 'open', command: 'team setup' }],
    ['team setup x', { kind: 'refused', command: 'team setup' }],
    ['team', undefined],
    ['balance', undefined],
  ])('%s', (line, asked) => {
    const found = formAsked(h.stack.core.commands, line.split(' '));
    if (asked === undefined) expect(found).toBeUndefined();
    else expect(found).toMatchObject(asked);
  });
});
