import { describe, expect, it } from 'vitest';
import { commandRef, knownCommand } from '../../src/core/command-spec.js';
import { builtInCommands } from '../../src/core/commands/index.js';
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
});
