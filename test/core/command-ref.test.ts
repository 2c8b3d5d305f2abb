import { describe, expect, it } from 'vitest';
import { commandRef, formAsked, knownCommand } from '../../src/core/command-spec.js';
import { builtInCommands } from '../../src/core/commands/index.js';
import type { IncomingCommand } from '../../src/core/door.js';
import { de, en } from '../../src/core/messages.js';

/**
 * Forms and shortcuts name their command by a reference the type system checks (`commandRef`,
 * docs/architecture.md §6): the catalogue's `cmd` keys it is checked against are exactly the
 * command table's names, so a reference always names a command the table has.
 */
describe('a command reference', () => {
  const table = builtInCommands({ clock: () => new Date(0) }).map((c) => c.name);

  it('is checked against exactly the table’s names', () => {
    expect(Object.keys(en.cmd).sort()).toEqual([...table].sort());
    expect(Object.keys(de.cmd).sort()).toEqual([...table].sort());
  });

  it('is read back from outside only when the table has it', () => {
    expect(knownCommand('topup')).toBe(commandRef('topup'));
    expect(knownCommand('nosuch')).toBeUndefined();
    expect(knownCommand('constructor')).toBeUndefined();
    expect(knownCommand(42)).toBeUndefined();
  });

  it('is not a bare string', () => {
    // @ts-expect-error: a name the table lacks fails the type check.
    commandRef('nosuch');
    expect(commandRef('call')).toBe('call');
  });

  it('is how an adapter names the command it runs (IncomingCommand), never a bare string', () => {
    const asker = {
      identity: { platform: 'slack', tenant: 'T1', user: 'U1' },
      chat: { id: 'D1', kind: 'private' as const },
    };
    // @ts-expect-error: a command named by a string is not one of the table's.
    const bare: IncomingCommand = { ...asker, command: 'rate', args: ['+49 30 1234567'] };
    const named: IncomingCommand = { ...asker, command: commandRef('rate'), args: ['+49 30 1234567'] };
    expect(named.command).toBe(bare.command);
  });

  it('is what a form names, read from the table (a subcommand apart)', () => {
    const commands = builtInCommands({ clock: () => new Date(0) });
    expect(formAsked(commands, ['topup'])).toMatchObject({ kind: 'open', ref: commandRef('topup') });
    expect(formAsked(commands, ['team', 'setup'])).toMatchObject({
      ref: commandRef('team'),
      command: 'team setup',
    });
  });
});
