import { describe, expect, it } from 'vitest';
import { commandText, defineCommand } from '../../src/core/command-spec.js';
import { builtInCommands } from '../../src/core/commands/index.js';
import { commandTools, toolTokens } from '../../src/core/commands/tool-fields.js';
import { noArgs } from '../../src/core/values/args.js';

/** A command added the way docs/architecture.md §6 says, with nothing about tools. */
const greet = defineCommand({
  name: 'greet',
  args: ({ t }) => noArgs(t, 'greet'),
  ...commandText('balance'),
  roles: ['holder'],
  output: 'public',
  needs: 'none',
  handler: async () => ({ text: 'hello' }),
});

describe('the command table’s tool fields (docs/mcp.md §2)', () => {
  it('a new command appears as one tool with a generic field, its effect from the table', () => {
    expect(commandTools(greet)).toEqual([
      expect.objectContaining({
        name: 'greet',
        command: 'greet',
        effect: 'none',
        fields: [expect.objectContaining({ name: 'args' })],
      }),
    ]);
    const write = { ...greet, changesState: true };
    expect(commandTools(write)[0]?.effect).toBe('additive');
    expect(commandTools({ ...write, confirm: () => 'sure?' })[0]?.effect).toBe('destructive');
  });

  it('a command’s own tool field wins, and false makes it no tool', () => {
    const own = {
      ...greet,
      tool: [{ fields: [{ name: 'who', kind: 'text' as const, required: true }], effect: 'none' as const }],
    };
    expect(commandTools(own)[0]?.fields.map((f) => f.name)).toEqual(['who']);
    expect(commandTools({ ...greet, tool: false })).toEqual([]);
  });

  it('menus, help, cancel, linking and shared-chat settings are never tools', () => {
    const names = builtInCommands({ clock: () => new Date() }).flatMap((c) =>
      commandTools(c).map((t) => t.name),
    );
    for (const no of ['start', 'menu', 'help', 'cancel', 'link', 'team', 'groupdata'])
      expect(names).not.toContain(no);
    expect(names).toEqual(
      expect.arrayContaining(['balance', 'rate', 'topup', 'card_show', 'card_block', 'cdrs']),
    );
  });

  it('values become the command’s tokens in field order: the subcommand first, a flag as its word', () => {
    const card = builtInCommands({ clock: () => new Date() }).find((c) => c.name === 'card')!;
    const create = commandTools(card).find((t) => t.sub === 'create')!;
    expect(toolTokens(create, { card_number: '+49 170 1', amount: '5.00' })).toEqual([
      'create',
      '+49 170 1',
      '5.00',
    ]);
    const cdrs = commandTools(
      builtInCommands({ clock: () => new Date() }).find((c) => c.name === 'cdrs')!,
    )[0]!;
    expect(toolTokens(cdrs, { from: '7d', count: 50, csv: true })).toEqual(['7d', '50', 'csv']);
  });
});
